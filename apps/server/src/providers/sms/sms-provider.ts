import type { OutboxPayload } from '../../db/schema/outbox.table';

export interface SmsMessage {
  /** E.164 phone number, e.g. +85512345678. */
  to: string;
  /** The addressee's username when known (the dev outbox can be read by username). */
  username?: string | null;
  /** Why it is sent: an OTP purpose (`login`, `reset`, `profile`), `secure-link`, … */
  purpose: string;
  /** The text as the user receives it. */
  body: string;
  /** The OTP or link inside the body; kept only when PORTAL_DEV_OUTBOX=1, for tests and the demo. */
  payload?: OutboxPayload;
}

/** Sends SMS. Selected by SMS_TRANSPORT (`outbox`, the default; a gateway adapter later). */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
