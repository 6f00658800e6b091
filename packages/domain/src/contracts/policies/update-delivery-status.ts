import * as z from 'zod';
import { optionalPastDateSchema } from '../../rules/dates';
import { typeError } from '../../rules/generic';
import { DELIVERY_STATUSES, policyNumberSchema } from './policy-fields';
import { isoDateSchema } from './value-fields';

/**
 * POST /api/policy/v1/update/delivery-status — agency staff (ROLE_AS, ROLE_AA; access-policy.ts)
 * record where the printed policy pack is. `version` is the policy's, as read from
 * search/details (a stale one answers 409; a policy outside the caller's agency 404).
 * `deliveryStatusDate` (optional, default today) is when it happened, not in the future.
 * Once set here, later feed imports keep the portal's delivery status.
 */
export const updateDeliveryStatusRequestSchema = z.object({
  policyNumber: policyNumberSchema,
  deliveryStatus: z.enum(DELIVERY_STATUSES, { error: typeError }),
  deliveryStatusDate: optionalPastDateSchema(),
  version: z.number({ error: typeError }).int({ error: 'invalid' }).min(1, { error: 'min' }),
});
export type UpdateDeliveryStatusInput = z.input<typeof updateDeliveryStatusRequestSchema>;
export type UpdateDeliveryStatusRequest = z.output<typeof updateDeliveryStatusRequestSchema>;

export const updateDeliveryStatusResponseSchema = z.object({
  policyNumber: z.string(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  deliveryStatusDate: isoDateSchema,
  version: z.number().int(),
});
export type UpdateDeliveryStatusResponse = z.infer<typeof updateDeliveryStatusResponseSchema>;
