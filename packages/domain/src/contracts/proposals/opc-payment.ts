import * as z from 'zod';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { engineAmountSchema } from '../engine/calculate-premium';

/** `{proposalNum}`: a proposal number (`PR` and 8 digits). Anything else the caller may not see answers 404. */
export const proposalNumberParamsSchema = z.object({ proposalNum: z.string().min(1).max(32) });
export const PROPOSAL_NUMBER_PATTERN = /^PR\d{8}$/;

/**
 * GET /api/proposal/v1/opc-payment/{proposalNum} — the online payment of the proposal's first
 * premium (the instalment of the chosen mode): a payment reference unique to the proposal (the
 * same on every call, also after the proposal changes), the KHQR (Bakong) payment string for the
 * amount (made with the official bakong-khqr library; a new string only when the amount changed)
 * and the same string as a QR code image (an SVG data URL). 404 when the caller may not see it.
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
