/**
 * Sending a proposal to the customer (beyond spec §7; DESIGN decision 011): the selling advisor
 * sends the policy owner an SMS with a signed, expiring, single-use link. The customer opens it on
 * their phone without an account: the page shows the proposal in plain words, the KHQR code that
 * pays the first premium, and the benefit illustration PDF in English or Khmer.
 *
 * - POST /api/proposal/v1/send/{id} `{ lang }` (the selling advisor) — 201 with the masked phone
 *   the SMS went to; 422 `proposal_no_phone` when the policy owner's contact has no phone; 429 past
 *   PROPOSAL_SENDS_PER_DAY sends of one proposal. A new link replaces the proposal's earlier ones.
 * - POST /api/customer/v1/proposal/open `{ token }` — spends the link (410 `link_expired` when
 *   expired, used, replaced or forged) and answers the proposal with a view token.
 * - GET /api/customer/v1/proposal with `X-View-Token` — the proposal again (a reload).
 * - GET /api/customer/v1/proposal/report?lang= with `X-View-Token` — the PDF.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { engineAmountSchema } from '../engine/calculate-premium';
import { opcPaymentResponseSchema } from './opc-payment';

/** How long the link in the SMS may be opened (once). */
export const PROPOSAL_LINK_TTL_SECONDS = 72 * 60 * 60;
/** How long the page stays open on the customer's phone after the link was opened. */
export const PROPOSAL_VIEW_TTL_SECONDS = 24 * 60 * 60;
/** Sends of one proposal within 24 hours (each is an SMS to the customer). */
export const PROPOSAL_SENDS_PER_DAY = 5;
/** The header that carries the view token (not `Authorization`: the page has no account). */
export const VIEW_TOKEN_HEADER = 'x-view-token';
/** Message key (namespace `errors`) when the policy owner's contact has no phone number. */
export const PROPOSAL_NO_PHONE_KEY = 'proposal_no_phone';

export const sendProposalRequestSchema = z.object({
  /** The language of the SMS and of the customer's page (the customer may switch). */
  lang: z.enum(LANGUAGES, { error: 'invalid' }),
});
export type SendProposalRequest = z.infer<typeof sendProposalRequestSchema>;

export const sendProposalResponseSchema = z.object({
  maskedPhone: z.string(),
  /** Date-time with the +07:00 offset: the link's end. */
  expiresAt: z.string(),
  expiresIn: z.number(),
});
export type SendProposalResponse = z.infer<typeof sendProposalResponseSchema>;

export const openProposalLinkRequestSchema = z.object({ token: z.string().min(1).max(2000) });

const bilingual = z.object({ name: z.string(), nameKh: z.string().nullable() });

/** The proposal as the customer sees it: names in both languages, never codes. */
export const customerProposalSchema = z.object({
  proposalNumber: z.string(),
  /** The language the advisor chose when sending. */
  lang: z.enum(LANGUAGES),
  product: bilingual,
  plan: bilingual.nullable(),
  riders: z.array(bilingual.extend({ faceAmount: engineAmountSchema.nullable() })),
  lifeInsured: bilingual,
  policyOwner: bilingual,
  faceAmount: engineAmountSchema,
  policyTerm: z.number(),
  premiumTerm: z.number(),
  premiumMode: z.enum(PREMIUM_MODES),
  premium: engineAmountSchema,
  advisor: bilingual.extend({ phone: z.string().nullable() }),
  payment: opcPaymentResponseSchema.pick({
    paymentReference: true,
    amount: true,
    currency: true,
    khqr: true,
    qrImage: true,
    merchantName: true,
    expiresAt: true,
  }),
});
export type CustomerProposal = z.infer<typeof customerProposalSchema>;

export const openProposalLinkResponseSchema = z.object({
  viewToken: z.string(),
  expiresIn: z.number(),
  proposal: customerProposalSchema,
});
export type OpenProposalLinkResponse = z.infer<typeof openProposalLinkResponseSchema>;

export const customerReportQuerySchema = z.object({ lang: z.enum(LANGUAGES, { error: 'invalid' }) });
