import type { ClientLinkType, BeneficiaryPriority, Gender } from '@portal/domain/codes/client';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PaymentType } from '@portal/domain/codes/payment-types';
import type { CoverageType, PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { IdentificationType } from '@portal/domain/codes/identification-types';
import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import type { ClaimStatus, ClaimType, DeliveryStatus, MilestoneType, PendingStatus } from '@portal/domain/contracts/policies/policy-fields';

/**
 * Text keys for the code lists of spec §3 that servicing shows. Written out as literals so the
 * language-file test can find every key the code uses.
 */
export const POLICY_STATUS_KEYS: Readonly<Record<PolicyStatus, string>> = {
  Active: 'servicing:status_active',
  Grace: 'servicing:status_grace',
  Lapsed: 'servicing:status_lapsed',
};

/** Mantine colours of the status badges (the badge also says the status in words). */
export const POLICY_STATUS_COLORS: Readonly<Record<PolicyStatus, string>> = {
  Active: 'green',
  Grace: 'orange',
  Lapsed: 'red',
};

export const COVERAGE_TYPE_KEYS: Readonly<Record<CoverageType, string>> = {
  B: 'servicing:coverage_type_b',
  R: 'servicing:coverage_type_r',
  W: 'servicing:coverage_type_w',
};

export const CLIENT_LINK_TYPE_KEYS: Readonly<Record<ClientLinkType, string>> = {
  O: 'servicing:client_link_o',
  I: 'servicing:client_link_i',
  P: 'servicing:client_link_p',
};

export const BENEFICIARY_PRIORITY_KEYS: Readonly<Record<BeneficiaryPriority, string>> = {
  p: 'servicing:priority_p',
  s: 'servicing:priority_s',
};

export const PAYMENT_TYPE_KEYS: Readonly<Record<PaymentType, string>> = {
  CDB: 'servicing:payment_type_cdb',
  CHQ: 'servicing:payment_type_chq',
  CS: 'servicing:payment_type_cs',
  WING: 'servicing:payment_type_wing',
  PTPP: 'servicing:payment_type_ptpp',
};

export const CURRENCY_KEYS: Readonly<Record<CurrencyCode, string>> = {
  '02': 'servicing:currency_usd',
  '96': 'servicing:currency_khr',
};

export const GENDER_KEYS: Readonly<Record<Gender, string>> = {
  M: 'servicing:gender_m',
  F: 'servicing:gender_f',
};

/** The two relationship codes the spec names; other codes are shown with the feed's own text. */
export const RELATIONSHIP_KEYS: Readonly<Record<string, string>> = {
  '08': 'servicing:relationship_father',
  '51': 'servicing:relationship_mother',
};

export const PREMIUM_MODE_KEYS: Readonly<Record<PremiumMode, string>> = {
  annual: 'servicing:premium_mode_annual',
  semiAnnual: 'servicing:premium_mode_semi_annual',
  quarterly: 'servicing:premium_mode_quarterly',
  monthly: 'servicing:premium_mode_monthly',
  singlePremium: 'servicing:premium_mode_single',
};

export const ID_TYPE_KEYS: Readonly<Record<IdentificationType, string>> = {
  '1': 'servicing:id_type_national_id',
  '2': 'servicing:id_type_passport',
  '4': 'servicing:id_type_others',
  '6': 'servicing:id_type_birth_certificate',
};

export const CLAIM_TYPE_KEYS: Readonly<Record<ClaimType, string>> = {
  death: 'servicing:claim_type_death',
  hospitalisation: 'servicing:claim_type_hospitalisation',
  criticalIllness: 'servicing:claim_type_critical_illness',
  disability: 'servicing:claim_type_disability',
  accident: 'servicing:claim_type_accident',
  maturity: 'servicing:claim_type_maturity',
  surrender: 'servicing:claim_type_surrender',
  other: 'servicing:claim_type_other',
};

export const CLAIM_STATUS_KEYS: Readonly<Record<ClaimStatus, string>> = {
  submitted: 'servicing:claim_status_submitted',
  inReview: 'servicing:claim_status_in_review',
  approved: 'servicing:claim_status_approved',
  declined: 'servicing:claim_status_declined',
  paid: 'servicing:claim_status_paid',
};

export const CLAIM_STATUS_COLORS: Readonly<Record<ClaimStatus, string>> = {
  submitted: 'blue',
  inReview: 'orange',
  approved: 'teal',
  declined: 'red',
  paid: 'green',
};

export const DELIVERY_STATUS_KEYS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'servicing:delivery_pending',
  dispatched: 'servicing:delivery_dispatched',
  delivered: 'servicing:delivery_delivered',
  acknowledged: 'servicing:delivery_acknowledged',
  returned: 'servicing:delivery_returned',
};

export const PENDING_STATUS_KEYS: Readonly<Record<PendingStatus, string>> = {
  outstanding: 'servicing:pending_status_outstanding',
  submitted: 'servicing:pending_status_submitted',
  received: 'servicing:pending_status_received',
  waived: 'servicing:pending_status_waived',
};

export const PENDING_STATUS_COLORS: Readonly<Record<PendingStatus, string>> = {
  outstanding: 'orange',
  submitted: 'blue',
  received: 'green',
  waived: 'gray',
};

export const MILESTONE_TYPE_KEYS: Readonly<Record<MilestoneType, string>> = {
  birthday: 'servicing:milestone_birthday',
  anniversary: 'servicing:milestone_anniversary',
  maturity: 'servicing:milestone_maturity',
  premiumDue: 'servicing:milestone_premium_due',
  other: 'servicing:milestone_other',
};

/**
 * Text colours for the coloured badges and labels: Mantine's own shades (even 9) fall below
 * WCAG AA's 4.5:1 on their light badge backgrounds, so each tone has a darker text colour
 * (checked: at least 5.7:1 on the light background, 6.5:1 on white).
 */
export const TONE_TEXT: Readonly<Record<string, string>> = {
  green: '#1f6b33',
  orange: '#9a3412',
  red: '#a61e1e',
  blue: '#1c4f8a',
  teal: '#0b6157',
  gray: '#495057',
  brand: '#1c3d6e',
};
