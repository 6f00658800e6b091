import * as z from 'zod';

/**
 * `{id}` of the contact and activity paths. Any string up to 64 characters is accepted here: an
 * id that names no record the caller may see (malformed, unknown, another advisor's, removed)
 * answers the same 404.
 */
export const recordIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type RecordIdParams = z.infer<typeof recordIdParamsSchema>;

/** A record's optimistic-locking version, as read; a stale one answers 409 `conflict`. */
export const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
  .int({ error: 'invalid' })
  .min(1, { error: 'min' });
