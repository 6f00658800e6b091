/** GET /api/appform/v1/lov/branch/{bankCode} -> the bank's branches (the referral form's department). Unknown bank: 404. */
import * as z from 'zod';

export const lovBranchParamsSchema = z.object({ bankCode: z.string().min(1).max(16) });
export const lovBranchResponseSchema = z.object({
  bankCode: z.string(),
  branches: z.array(z.object({ code: z.string(), name: z.string(), nameKh: z.string() })),
});
export type LovBranchResponse = z.infer<typeof lovBranchResponseSchema>;
