import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/outbox.table';
import type { SmsMessage, SmsProvider } from './sms-provider';

/**
 * Writes each SMS to the outbox table (DESIGN.md §2). Nothing leaves the machine; a gateway
 * adapter drains the outbox at scale. The structured payload (OTP, link) is only stored when
 * the dev outbox is on.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly options: { keepPayload: boolean },
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(outbox).values({
      to: message.to,
      username: message.username?.toLowerCase() ?? null,
      channel: 'sms',
      purpose: message.purpose,
      body: message.body,
      payload: this.options.keepPayload && message.payload ? message.payload : null,
    });
  }
}
