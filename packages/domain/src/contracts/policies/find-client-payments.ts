import * as z from 'zod';
import { policyNumberSchema, policyPaymentSchema } from './policy-fields';
import { policyCursorSchema, policyListSizeSchema, policyNextCursorSchema } from './policy-list-params';

/**
 * GET /api/policy/v1/search/client-payments?policyNumber=&cursor=&size= — one policy's premium
 * payments, newest first (payment date, then the order the feed listed them), a page at a time
 * (premium-payment and premium-list screens). Each payment's amount is in the currency it was
 * paid in (`amount.currency`: 02 USD, 96 KHR; show `amount.formatted`). A policy the caller may
 * not see answers 404.
 */
export const clientPaymentsQuerySchema = z.object({
  policyNumber: policyNumberSchema,
  cursor: policyCursorSchema,
  size: policyListSizeSchema,
});
export type ClientPaymentsInput = z.input<typeof clientPaymentsQuerySchema>;
export type ClientPaymentsQuery = z.output<typeof clientPaymentsQuerySchema>;

export const clientPaymentsResponseSchema = z.object({
  policyNumber: z.string(),
  items: z.array(policyPaymentSchema),
  nextCursor: policyNextCursorSchema,
});
export type ClientPaymentsResponse = z.infer<typeof clientPaymentsResponseSchema>;
