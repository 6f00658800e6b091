/**
 * Identification numbers of spec §5. For types 1 (national ID), 2 (passport) and 4 (others) the
 * number is exactly 9 characters, and a national ID is digits only. A birth certificate (type 6)
 * is 1-4 digits, slash, 1-4 digits, slash, 1-4 digits.
 *
 * Form keys (contact forms): shorter than 9 `minlength`, longer `maxlength`, a national ID with
 * anything but digits `pattern`, a malformed birth certificate `invalid`. Document fields use the
 * document keys instead (identificationNumberInvalid, birthCertInvalid).
 */
import * as z from 'zod';
import type { IdentificationType } from '../codes/identification-types';
import { ID_TYPE_BIRTH_CERTIFICATE, ID_TYPE_NATIONAL_ID, IDENTIFICATION_TYPES } from '../codes/identification-types';
import { BIRTH_CERTIFICATE_GROUP_MAX_DIGITS, ID_NUMBER_LENGTH } from '../constants/field-limits';
import type { DocumentErrorKey, FormErrorKey } from '../errors/error-keys';
import { DOCUMENT_ERROR_KEYS } from '../errors/error-keys';
import { addKeyIssue, isEmpty, typeError } from './generic';

const GROUP = `\\d{1,${BIRTH_CERTIFICATE_GROUP_MAX_DIGITS}}`;
/** 1-4 digits / 1-4 digits / 1-4 digits. */
export const BIRTH_CERTIFICATE_PATTERN = new RegExp(`^${GROUP}/${GROUP}/${GROUP}$`);
export const NATIONAL_ID_PATTERN = /^[0-9]+$/;

export function isValidBirthCertificate(value: string): boolean {
  return BIRTH_CERTIFICATE_PATTERN.test(value);
}

/** The form key a (non-empty) identification number breaks for its type, or null. */
export function identificationNumberIssue(idType: IdentificationType, value: string): FormErrorKey | null {
  if (idType === ID_TYPE_BIRTH_CERTIFICATE) return isValidBirthCertificate(value) ? null : 'invalid';
  if (value.length < ID_NUMBER_LENGTH) return 'minlength';
  if (value.length > ID_NUMBER_LENGTH) return 'maxlength';
  if (idType === ID_TYPE_NATIONAL_ID && !NATIONAL_ID_PATTERN.test(value)) return 'pattern';
  return null;
}

export function isValidIdentificationNumber(idType: IdentificationType, value: string): boolean {
  return identificationNumberIssue(idType, value) === null;
}

/** The document key a (non-empty) document number breaks, or null. */
export function documentNumberIssue(idType: IdentificationType, value: string): DocumentErrorKey | null {
  if (identificationNumberIssue(idType, value) === null) return null;
  return idType === ID_TYPE_BIRTH_CERTIFICATE ? DOCUMENT_ERROR_KEYS.birthCertInvalid : DOCUMENT_ERROR_KEYS.identificationNumberInvalid;
}

export interface IdentificationValue {
  idType?: string | null;
  idNumber?: string | null;
}

/**
 * For an object with idType and idNumber (both optional): a number needs a type and a type needs a
 * number (`required` on the missing one); a number must fit its type. Use in an object schema's
 * superRefine; `paths` renames the fields.
 */
export function refineIdentification(
  value: IdentificationValue,
  ctx: z.RefinementCtx,
  paths: { idType: PropertyKey[]; idNumber: PropertyKey[] } = { idType: ['idType'], idNumber: ['idNumber'] },
): void {
  const hasType = !isEmpty(value.idType);
  const hasNumber = !isEmpty(value.idNumber);
  if (hasNumber && !hasType) addKeyIssue(ctx, 'required', paths.idType);
  if (hasType && !hasNumber) addKeyIssue(ctx, 'required', paths.idNumber);
  if (!hasType || !hasNumber) return;
  const key = identificationNumberIssue(value.idType as IdentificationType, value.idNumber as string);
  if (key) addKeyIssue(ctx, key, paths.idNumber);
}

export const identificationTypeSchema = z.enum(IDENTIFICATION_TYPES, { error: typeError });

/** `{ idType?, idNumber? }` checked together. */
export const identificationSchema = z
  .object({
    idType: identificationTypeSchema.optional(),
    idNumber: z.string({ error: typeError }).optional(),
  })
  .superRefine((value, ctx) => refineIdentification(value, ctx));
