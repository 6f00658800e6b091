import * as z from 'zod';

/** POST /api/contact/v2/activity/delete/{id} (no body) -> 200; 404 when the caller may not see it. */
export const deleteActivityResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeleteActivityResponse = z.infer<typeof deleteActivityResponseSchema>;
