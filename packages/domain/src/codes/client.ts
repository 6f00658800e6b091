/**
 * People on a contact, proposal, application or policy (spec §3): contact types, client link
 * types, gender, relationship to the life insured and beneficiary priority.
 */
export const CONTACT_TYPES = ['lifeInsured', 'policyOwner'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Client link types: how a client is tied to a policy or application (`clientType`). */
export const CLIENT_LINK_TYPES = {
  I: 'lifeInsured',
  O: 'policyOwner',
  P: 'policyPayor',
} as const;
export type ClientLinkType = keyof typeof CLIENT_LINK_TYPES;
export const CLIENT_LINK_TYPE_CODES = Object.keys(CLIENT_LINK_TYPES) as readonly ClientLinkType[];

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_NAMES: Readonly<Record<Gender, string>> = { M: 'Male', F: 'Female' };

/**
 * Relationship-to-life-insured codes. The spec shows only Father 08 and Mother 51; the full list
 * comes from the insurer's core system, so the type stays open to other two-digit codes.
 */
export const RELATIONSHIP_FATHER = '08';
export const RELATIONSHIP_MOTHER = '51';
export const KNOWN_RELATIONSHIPS = { father: RELATIONSHIP_FATHER, mother: RELATIONSHIP_MOTHER } as const;
export type KnownRelationshipCode = (typeof KNOWN_RELATIONSHIPS)[keyof typeof KNOWN_RELATIONSHIPS];
export const RELATIONSHIP_CODE_PATTERN = /^\d{2}$/;

/** True for the father and mother codes (a parent buying a policy for a child). */
export function isParentRelationship(code: string): boolean {
  return code === RELATIONSHIP_FATHER || code === RELATIONSHIP_MOTHER;
}

/** Beneficiary priority: p primary, s secondary. Each beneficiary also has `shareBenifit`. */
export const BENEFICIARY_PRIORITIES = { p: 'primary', s: 'secondary' } as const;
export type BeneficiaryPriority = keyof typeof BENEFICIARY_PRIORITIES;
export const BENEFICIARY_PRIORITY_CODES = Object.keys(BENEFICIARY_PRIORITIES) as readonly BeneficiaryPriority[];

export function isContactType(value: unknown): value is ContactType {
  return typeof value === 'string' && (CONTACT_TYPES as readonly string[]).includes(value);
}

export function isGender(value: unknown): value is Gender {
  return value === 'M' || value === 'F';
}

export function isClientLinkType(value: unknown): value is ClientLinkType {
  return typeof value === 'string' && Object.hasOwn(CLIENT_LINK_TYPES, value);
}

export function isBeneficiaryPriority(value: unknown): value is BeneficiaryPriority {
  return value === 'p' || value === 's';
}
