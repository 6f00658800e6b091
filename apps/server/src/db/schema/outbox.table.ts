import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** Structured copy of what a message carries; only kept when PORTAL_DEV_OUTBOX=1. */
export interface OutboxPayload {
  otp?: string;
  link?: string;
}

/**
 * Messages to send (SMS, e-mail). In the embedded setup nothing drains it; a gateway adapter
 * sends and stamps `sent_at` at scale (DESIGN.md §2).
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
  },
  (t) => [
    check('outbox_channel', sql`${t.channel} IN ('sms', 'email')`),
    index('outbox_recipient_idx').on(t.to, t.createdAt),
    index('outbox_username_idx').on(t.username, t.createdAt),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;
