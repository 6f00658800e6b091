import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** Structured copy of what a message carries; only kept when PORTAL_DEV_OUTBOX=1. */
export interface OutboxPayload {
  otp?: string;
  link?: string;
}

/**
 * Where a message stands: `pending` (waiting, or between attempts), `sent` (the gateway or the
 * SMTP server took it), `dead` (given up after the last attempt; needs a person).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Messages to send (SMS, e-mail). With SMS_TRANSPORT=outbox nothing drains it (the dev outbox
 * reads it); with SMS_TRANSPORT=http and/or SMTP_URL the delivery worker (providers/messaging)
 * claims due rows, sends them, and records the outcome per message.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Phone number (E.164) for sms, address for email. */
    to: text('recipient').notNull(),
    /** The addressee's username when known, so the dev outbox can be read by username. */
    username: text('username'),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    purpose: text('purpose').notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Delivery attempts made (claims). */
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the back-off after a failure, or the lease of the worker that claimed it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure in words (status code, SMTP reply); never the message text. */
    lastError: text('last_error'),
    /** The gateway's or SMTP server's id of the delivered message. */
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    check('outbox_channel', sql`${t.channel} IN ('sms', 'email')`),
    index('outbox_recipient_idx').on(t.to, t.createdAt),
    index('outbox_username_idx').on(t.username, t.createdAt),
    check('outbox_status', sql`${t.status} IN ('pending', 'sent', 'dead')`),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;
