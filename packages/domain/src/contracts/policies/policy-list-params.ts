import * as z from 'zod';

/** Policy lists: at most this many items per call. */
export const POLICY_LIST_MAX_SIZE = 100;
export const POLICY_LIST_DEFAULT_SIZE = 20;

/** `?size=`: 1 to 100 (`min` / `max`), default 20. */
export const policyListSizeSchema = z.coerce
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .min(1, { error: 'min' })
  .max(POLICY_LIST_MAX_SIZE, { error: 'max' })
  .default(POLICY_LIST_DEFAULT_SIZE);

/**
 * `?cursor=`: the previous answer's `nextCursor`, passed back unchanged (opaque; one the server
 * cannot read answers 422 `invalid` on `cursor`). Absent or empty: the first page.
 */
export const policyCursorSchema = z
  .string({ error: 'invalid' })
  .max(200, { error: 'invalid' })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** `nextCursor` is null on the last page. */
export const policyNextCursorSchema = z.string().nullable();
