import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { OutboxRow } from '../../db/schema/outbox.table';

const querySchema = z.object({
  to: z.string().trim().min(1).max(254),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const messageSchema = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  purpose: z.string(),
  body: z.string(),
  otp: z.string().optional(),
  link: z.string().optional(),
  createdAt: z.string(),
});

/** `+855 12-345 678` and `+85512345678` are the same phone. */
function normalizeRecipient(to: string): string {
  return /^\+?[\d\s-]+$/.test(to) ? to.replace(/[\s-]/g, '') : to;
}

function toMessage(row: OutboxRow): z.infer<typeof messageSchema> {
  return {
    to: row.to,
    channel: row.channel,
    purpose: row.purpose,
    body: row.body,
    ...(row.payload?.otp ? { otp: row.payload.otp } : {}),
    ...(row.payload?.link ? { link: row.payload.link } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/dev/outbox?to=<username or phone>: what the demo "sent" (DESIGN.md §3). Registered
 * only when PORTAL_DEV_OUTBOX=1; without it the path does not exist (404).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devOutbox) return;
  const repository = app.services.devOutbox;
  app.get(
    '/api/dev/outbox',
    {
      config: { roles: 'public' },
      schema: {
        summary: 'Development only: messages in the outbox (PORTAL_DEV_OUTBOX=1)',
        tags: ['dev'],
        querystring: querySchema,
        response: { 200: z.array(messageSchema) },
      },
    },
    async (request) => {
      const to = normalizeRecipient(request.query.to);
      const username = to.toLowerCase();
      // By username: also what went to that user's phone or e-mail without a username.
      const recipients = [to, ...(await repository.phoneAndEmailOf(username))];
      const rows = await repository.findFor(recipients, username, request.query.limit);
      return rows.map(toMessage);
    },
  );
};
