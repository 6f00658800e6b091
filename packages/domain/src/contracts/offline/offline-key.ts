import * as z from 'zod';

/**
 * GET /api/offline/v1/key -> 200: the signed-in advisor's key for what the web app keeps on the
 * phone while offline (recent contacts, items waiting to send). 32 random-looking bytes, base64url,
 * the same for the user on every sign-in (so items kept before a session ran out can still be
 * sent after the next sign-in) and never stored in the browser beside the data it locks.
 */
export const offlineKeyResponseSchema = z.object({
  /** 32 bytes, base64url without padding: an AES-256-GCM key. */
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type OfflineKeyResponse = z.infer<typeof offlineKeyResponseSchema>;

export const OFFLINE_KEY_PATH = '/api/offline/v1/key';
