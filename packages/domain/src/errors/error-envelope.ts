import * as z from 'zod';

/** The one error shape of the whole API (DESIGN.md §3). */
export const fieldErrorSchema = z.object({ field: z.string(), key: z.string() });
export const errorEnvelopeSchema = z.object({
  code: z.union([z.number(), z.string()]),
  messageKey: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** Seconds until a throttled or locked call may be tried again (429). */
  retryAfter: z.number().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
