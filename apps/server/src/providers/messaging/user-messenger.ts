import { messageChannels, type MessageKind } from '@portal/domain/rules/message-channels';
import type { Db } from '../../db/client';
import type { NewOutboxRow, OutboxPayload } from '../../db/schema/outbox.table';
import type { OutboxMessagesRepository } from './outbox-messages.repository';

export interface UserAddress {
  username: string;
  phone: string | null;
  email: string | null;
}

export interface UserMessage {
  kind: MessageKind;
  purpose: string;
  /** The SMS text. */
  sms: string;
  /** The e-mail's subject and text. */
  email: { subject: string; text: string };
  /** The code or link inside the text; kept only with PORTAL_DEV_OUTBOX=1. */
  payload?: OutboxPayload;
}

/**
 * Queues a message to a user on the channels the domain rule picks from the user's verified
 * contacts (packages/domain rules/message-channels.ts); the delivery worker sends them. An
 * e-mail row's body is `subject`, a blank line, then the text (providers/messaging/smtp-mailer.ts).
 */
export class UserMessenger {
  constructor(
    private readonly outbox: OutboxMessagesRepository,
    private readonly options: { keepPayload: boolean },
  ) {}

  /** The rows queued; none when the user cannot be reached. `db`: a transaction to queue in. */
  async send(user: UserAddress, message: UserMessage, db?: Db): Promise<NewOutboxRow[]> {
    const payload = this.options.keepPayload && message.payload ? message.payload : null;
    const rows: NewOutboxRow[] = messageChannels(message.kind, user).map((channel) =>
      channel === 'sms'
        ? { to: user.phone as string, username: user.username, channel, purpose: message.purpose, body: message.sms, payload }
        : {
            to: user.email as string,
            username: user.username,
            channel,
            purpose: message.purpose,
            body: `${message.email.subject.replace(/\s+/g, ' ')}\n\n${message.email.text}`,
            payload,
          },
    );
    await this.outbox.add(rows, db);
    return rows;
  }
}
