import * as z from 'zod';

/**
 * POST /api/contact/v1/remove/{id} (no body): a soft delete. The contact and its activities
 * vanish from every list, search and find; 404 when the caller may not see it (or it is gone).
 */
export const removeContactResponseSchema = z.object({ id: z.string(), removed: z.literal(true) });
export type RemoveContactResponse = z.infer<typeof removeContactResponseSchema>;
