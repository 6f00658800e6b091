/**
 * Identification document type codes of spec §3 (`idType`): 1 national ID, 2 passport,
 * 4 others, 6 birth certificate. Their number rules live in rules/identification.ts.
 */
export const ID_TYPE_NATIONAL_ID = '1';
export const ID_TYPE_PASSPORT = '2';
export const ID_TYPE_OTHERS = '4';
export const ID_TYPE_BIRTH_CERTIFICATE = '6';

export const IDENTIFICATION_TYPES = [ID_TYPE_NATIONAL_ID, ID_TYPE_PASSPORT, ID_TYPE_OTHERS, ID_TYPE_BIRTH_CERTIFICATE] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

export const IDENTIFICATION_TYPE_NAMES: Readonly<Record<IdentificationType, string>> = {
  '1': 'nationalId',
  '2': 'passport',
  '4': 'others',
  '6': 'birthCertificate',
};

/** Types whose number is exactly 9 characters (spec §5). */
export const NINE_CHARACTER_ID_TYPES = [
  ID_TYPE_NATIONAL_ID,
  ID_TYPE_PASSPORT,
  ID_TYPE_OTHERS,
] as const satisfies readonly IdentificationType[];

export function isIdentificationType(value: unknown): value is IdentificationType {
  return typeof value === 'string' && (IDENTIFICATION_TYPES as readonly string[]).includes(value);
}
