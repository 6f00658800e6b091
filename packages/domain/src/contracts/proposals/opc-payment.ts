import * as z from 'zod';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { engineAmountSchema } from '../engine/calculate-premium';

/** `{proposalNum}`: a proposal number (`PR` and 8 digits). Anything else the caller may not see answers 404. */
export const proposalNumberParamsSchema = z.object({ proposalNum: z.string().min(1).max(32) });
export const PROPOSAL_NUMBER_PATTERN = /^PR\d{8}$/;

/**
 * GET /api/proposal/v1/opc-payment/{proposalNum} — the online payment of the proposal's first
 * premium (the instalment of the chosen mode): a payment reference (unique; one reference, one
 * amount), the KHQR (Bakong) payment string for the amount (made with the official bakong-khqr
 * library) and the same string as a QR code image (an SVG data URL). Every call answers the same
 * reference and string while the premium is unchanged (a new string under the same reference only
 * once the old expired). An edit that changes the premium withdraws the reference (kept as
 * superseded, so a payment against the old code is recognised) and the next call answers a new
 * reference for the new amount. 404 when the caller may not see it.
 */
export const opcPaymentResponseSchema = z.object({
  proposalNumber: z.string(),
  paymentReference: z.string(),
  amount: engineAmountSchema,
  currency: z.literal('USD'),
  premiumMode: z.enum(PREMIUM_MODES),
  khqr: z.string(),
  /** The KHQR string's MD5, as Bakong uses to look a transaction up. */
  khqrMd5: z.string(),
  /** `data:image/svg+xml;base64,...` */
  qrImage: z.string(),
  merchantName: z.string(),
  /** Date-time with the +07:00 offset: when this KHQR string stops being accepted. */
  expiresAt: z.string(),
});
export type OpcPaymentResponse = z.infer<typeof opcPaymentResponseSchema>;
