import * as z from 'zod';

/** Lists of contacts and activities: at most this many items per call. */
export const LIST_MAX_SIZE = 100;
export const LIST_DEFAULT_SIZE = 20;

/** `?size=`: 1 to 100 (`min` / `max`), default 20. */
export const listSizeSchema = z.coerce
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .min(1, { error: 'min' })
  .max(LIST_MAX_SIZE, { error: 'max' })
  .default(LIST_DEFAULT_SIZE);

/**
 * `?cursor=`: the `nextCursor` of the previous answer, passed back unchanged (opaque; a cursor
 * the server cannot read answers 422 `invalid` on `cursor`). Absent: the first page.
 */
export const cursorSchema = z
  .string({ error: 'invalid' })
  .max(200, { error: 'invalid' })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Every cursor list answers `{ items, nextCursor }`; `nextCursor` is null on the last page. */
export const nextCursorSchema = z.string().nullable();
