import * as z from 'zod/mini';

/** One registered passkey as its owner sees it (no key material). */
export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  transports: z.array(z.string()),
  backedUp: z.boolean(),
  createdDate: z.string(),
  lastUsedDate: z.nullable(z.string()),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
