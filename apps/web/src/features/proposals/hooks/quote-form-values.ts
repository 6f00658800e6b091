import type { Catalogue, CatalogueProduct, CatalogueRider } from '@portal/domain/catalogue/catalogue-schema';
import type { Gender } from '@portal/domain/codes/client';
import { PREMIUM_MODES, type PremiumMode } from '@portal/domain/codes/premium-modes';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import type { CreateProposalInput, ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';

/** What the quote form holds: every input as typed (strings), riders by code. */
export interface QuoteFormValues {
  lifeInsuredContactId: string;
  ownerIsInsured: boolean;
  policyOwnerContactId: string;
  relationshipCode: string;
  productCode: string;
  planKey: string;
  faceAmount: string;
  policyTerm: string;
  premiumTerm: string;
  riders: Record<string, { selected: boolean; faceAmount: string }>;
  premiumMode: PremiumMode;
}

/** The fields a server or engine error can name, as the form's own field names. */
export const QUOTE_FIELDS = [
  'lifeInsuredContactId',
  'policyOwnerContactId',
  'relationshipCode',
  'productCode',
  'planKey',
  'faceAmount',
  'policyTerm',
  'premiumTerm',
  'premiumMode',
] as const;

export function emptyQuoteValues(lifeInsuredContactId = ''): QuoteFormValues {
  return {
    lifeInsuredContactId,
    ownerIsInsured: true,
    policyOwnerContactId: '',
    relationshipCode: '',
    productCode: '',
    planKey: '',
    faceAmount: '',
    policyTerm: '',
    premiumTerm: '',
    riders: {},
    premiumMode: 'annual',
  };
}

/** A product picked: its defaults in the form (plan, terms, the first allowed mode when the chosen one is not offered). */
export function withProductDefaults(values: QuoteFormValues, product: CatalogueProduct): QuoteFormValues {
  return {
    ...values,
    productCode: product.code,
    planKey: product.defaultPlanKey,
    policyTerm: String(product.defaultPolicyTerm),
    premiumTerm: String(product.defaultPremiumTerm),
    riders: {},
    premiumMode: product.premiumModes.includes(values.premiumMode) ? values.premiumMode : (product.premiumModes[0] ?? 'annual'),
  };
}

/** Riders whose amount the user gives (typed or picked); the others are set by the engine. */
export function riderNeedsAmount(rider: CatalogueRider): boolean {
  return rider.faceAmountType === 'USER_INPUT' || rider.faceAmountType === 'LIST_OF_VALUES';
}

function amountText(value: string): string {
  return value.trim().replace(/,/g, '');
}

/** The proposal request (create body without version) from the form. */
export function toProposalInput(values: QuoteFormValues, catalogue: Catalogue | undefined): CreateProposalInput {
  const riders = Object.entries(values.riders)
    .filter(([, r]) => r.selected)
    .map(([code, r]) => {
      const rider = catalogue?.riders.find((x) => x.code === code);
      return rider && riderNeedsAmount(rider) ? { code, faceAmount: amountText(r.faceAmount) } : { code };
    });
  return {
    lifeInsuredContactId: values.lifeInsuredContactId,
    ...(values.ownerIsInsured ? {} : { policyOwnerContactId: values.policyOwnerContactId, relationshipCode: values.relationshipCode }),
    productCode: values.productCode,
    ...(values.planKey ? { planKey: values.planKey } : {}),
    faceAmount: values.faceAmount,
    ...(values.policyTerm ? { policyTerm: Number(values.policyTerm) } : {}),
    ...(values.premiumTerm ? { premiumTerm: Number(values.premiumTerm) } : {}),
    riders,
    premiumMode: values.premiumMode,
  };
}

export interface PersonForQuote {
  dateOfBirth: string;
  gender: Gender;
}

/** The engine request for the browser engine, from the parsed proposal request and the two people. */
export function toEngineRequest(
  request: {
    productCode: string;
    planKey?: string | undefined;
    faceAmount: string;
    policyTerm?: number | undefined;
    premiumTerm?: number | undefined;
    riders?: { code: string; faceAmount?: string | undefined }[] | undefined;
  },
  insured: PersonForQuote,
  owner: PersonForQuote | null,
): CalculatePremiumRequest {
  return {
    productCode: request.productCode,
    ...(request.planKey ? { planKey: request.planKey } : {}),
    lifeInsured: insured,
    ...(owner ? { policyOwner: owner } : {}),
    faceAmount: request.faceAmount,
    ...(request.policyTerm !== undefined ? { policyTerm: request.policyTerm } : {}),
    ...(request.premiumTerm !== undefined ? { premiumTerm: request.premiumTerm } : {}),
    riders: (request.riders ?? []).map((r) => (r.faceAmount ? { code: r.code, faceAmount: r.faceAmount } : { code: r.code })),
  };
}

/** A stored proposal in the form (edit). */
export function toQuoteFormValues(p: ProposalResponse): QuoteFormValues {
  const separate = p.policyOwner.contactId !== p.lifeInsured.contactId;
  return {
    lifeInsuredContactId: p.lifeInsured.contactId,
    ownerIsInsured: !separate,
    policyOwnerContactId: separate ? p.policyOwner.contactId : '',
    relationshipCode: p.relationshipCode ?? '',
    productCode: p.productCode,
    planKey: p.planKey,
    faceAmount: String(Number(p.faceAmount)),
    policyTerm: String(p.policyTerm),
    premiumTerm: String(p.premiumTerm),
    riders: Object.fromEntries(
      p.riders.map((r) => [r.code, { selected: true, faceAmount: r.faceAmount ? String(Number(r.faceAmount)) : '' }]),
    ),
    premiumMode: p.premiumMode,
  };
}

/**
 * A proposal request kept on the phone (an outbox item's body, as `toProposalInput` made it) back
 * in the form, to correct it; anything missing or of another shape is left empty.
 */
export function fromProposalInput(body: Record<string, unknown>): QuoteFormValues {
  const text = (field: string) => {
    const value = body[field];
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  };
  const owner = text('policyOwnerContactId');
  const riders = Array.isArray(body.riders) ? (body.riders as unknown[]) : [];
  const mode = text('premiumMode');
  return {
    ...emptyQuoteValues(text('lifeInsuredContactId')),
    ownerIsInsured: owner === '',
    policyOwnerContactId: owner,
    relationshipCode: text('relationshipCode'),
    productCode: text('productCode'),
    planKey: text('planKey'),
    faceAmount: text('faceAmount'),
    policyTerm: text('policyTerm'),
    premiumTerm: text('premiumTerm'),
    riders: Object.fromEntries(
      riders.flatMap((r) => {
        const { code, faceAmount } = (r ?? {}) as { code?: unknown; faceAmount?: unknown };
        return typeof code === 'string' ? [[code, { selected: true, faceAmount: typeof faceAmount === 'string' ? faceAmount : '' }]] : [];
      }),
    ),
    premiumMode: (PREMIUM_MODES as readonly string[]).includes(mode) ? (mode as PremiumMode) : 'annual',
  };
}

/** Engine and server fields as the form's: a person's date of birth is their contact field; `riders.0.code` the rider's code. */
export function toFormField(field: string, request: CreateProposalInput): string {
  if (field.startsWith('lifeInsured.') || field === 'lifeInsured') return 'lifeInsuredContactId';
  if (field.startsWith('policyOwner.') || field === 'policyOwner') return 'policyOwnerContactId';
  const rider = /^riders\.(\d+)\.(code|faceAmount)$/.exec(field);
  if (rider) {
    const code = request.riders?.[Number(rider[1])]?.code ?? '';
    return rider[2] === 'code' ? `riders.${code}.selected` : `riders.${code}.faceAmount`;
  }
  return field;
}
