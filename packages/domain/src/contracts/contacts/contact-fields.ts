/**
 * The fields of a contact (DESIGN.md §3 "Contacts", spec §5), shared by the create and update
 * contracts, the contact form (as its resolver) and the server. Every issue's message is a form
 * error key; a field reports its first failing rule.
 *
 * Character limits, picked from spec §9's list (2, 3, 4, 9, 13, 50, 140, 300) because the spec
 * does not say which field has which:
 * - names (Latin and Khmer), occupation: 50;
 * - phone as typed: 13 (`097-123-4567` is 12; `855971234567` is 12);
 * - address: 300;
 * - email: 64 (spec §5), ID number: 9 or a birth certificate (spec §5).
 * Text is tidied first (trimmed, runs of spaces made one), then checked and stored tidied.
 *
 * The stored phone is E.164 (`+85512345678`), which the phone rule (digits and hyphens) does not
 * accept back: an edit form shows it as dialled at home, `0${nationalNumber(phone)}` (format/phone).
 */
import * as z from 'zod';
import { CONTACT_TYPES, GENDERS } from '../../codes/client';
import { IDENTIFICATION_TYPES, isIdentificationType, type IdentificationType } from '../../codes/identification-types';
import type { CharacterLimit } from '../../constants/field-limits';
import type { Clock } from '../../format/date';
import { normalisePhone } from '../../format/phone';
import { dateOfBirthSchema } from '../../rules/dates';
import { emailIssue } from '../../rules/email';
import { addKeyIssue, isEmpty, textIssue, typeError, type TextRules } from '../../rules/generic';
import { refineIdentification } from '../../rules/identification';
import { PATTERNS } from '../../rules/patterns';

export const CONTACT_LIMITS = {
  name: 50,
  occupation: 50,
  phone: 13,
  address: 300,
} as const satisfies Record<string, CharacterLimit>;

/** Trimmed, inner runs of white space made one space. */
function tidy(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** A required text field: tidied, then checked. */
function requiredText(rules: Omit<TextRules, 'required'>) {
  return z
    .string({ error: typeError })
    .superRefine((value, ctx) => {
      const key = textIssue(tidy(value), { ...rules, required: true });
      if (key) addKeyIssue(ctx, key);
    })
    .transform(tidy);
}

/** An optional text field: absent, null, '' or blank give undefined; anything else is tidied, then checked. */
function optionalText(rules: Omit<TextRules, 'required'>) {
  return z
    .string({ error: typeError })
    .nullish()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null) return;
      const key = textIssue(tidy(value), rules);
      if (key) addKeyIssue(ctx, key);
    })
    .transform((value) => (value === undefined || value === null || isEmpty(value) ? undefined : tidy(value)));
}

/** Latin letters and spaces (names written in Latin script). */
export const latinNameSchema = requiredText({ maxLength: CONTACT_LIMITS.name, pattern: PATTERNS.latinLetters });

/** Khmer letters and spaces; optional. */
export const khmerNameSchema = optionalText({ maxLength: CONTACT_LIMITS.name, pattern: PATTERNS.khmerLetters });

/**
 * Phone as typed: digits and hyphens (`pattern` otherwise), at most 13 characters, and a real
 * number (`invalid` otherwise: a Cambodian number has 8 or 9 digits after the trunk 0 or 855).
 * Outputs E.164 (`+85512345678`), which is what the server stores.
 */
export const contactPhoneSchema = z.string({ error: typeError }).transform((value, ctx) => {
  const key = textIssue(value, { required: true, maxLength: CONTACT_LIMITS.phone, pattern: PATTERNS.phone });
  if (key) {
    addKeyIssue(ctx, key);
    return z.NEVER;
  }
  const e164 = normalisePhone(value);
  if (e164 === null) {
    addKeyIssue(ctx, 'invalid');
    return z.NEVER;
  }
  return e164;
});

/** Optional email, spec §5: '' accepted, > 64 `maxlength`, <= 5 or malformed `email`. */
export const contactEmailSchema = z
  .string({ error: typeError })
  .nullish()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null) return;
    const key = emailIssue(value.trim());
    if (key) addKeyIssue(ctx, key);
  })
  .transform((value) => (value === undefined || value === null || isEmpty(value) ? undefined : value.trim()));

/** '' (an empty select) counts as no type. */
export const contactIdTypeSchema = z
  .union([z.enum(IDENTIFICATION_TYPES), z.literal('')], { error: typeError })
  .nullish()
  .transform((value): IdentificationType | undefined => (value ? value : undefined));

/** Checked against its type by the object rule below; here only trimmed. */
export const contactIdNumberSchema = z
  .string({ error: typeError })
  .nullish()
  .transform((value) => (value === undefined || value === null || isEmpty(value) ? undefined : value.trim()));

export const contactTypeSchema = z.enum(CONTACT_TYPES, { error: typeError });
export const genderSchema = z.enum(GENDERS, { error: typeError });

export interface ContactRuleOptions {
  /** The current time for "date of birth not later than today"; defaults to the system clock. */
  now?: Clock;
}

/** The body fields of create and update, as a zod shape (the identification rule is added by `refineContact`). */
export function contactFieldsShape(options: ContactRuleOptions = {}) {
  return {
    contactType: contactTypeSchema,
    firstName: latinNameSchema,
    lastName: latinNameSchema,
    firstNameKh: khmerNameSchema,
    lastNameKh: khmerNameSchema,
    gender: genderSchema,
    /** DD/MM/YYYY or YYYY-MM-DD, not later than today in Phnom Penh; outputs YYYY-MM-DD. */
    dateOfBirth: dateOfBirthSchema(options.now === undefined ? {} : { now: options.now }),
    phone: contactPhoneSchema,
    email: contactEmailSchema,
    idType: contactIdTypeSchema,
    idNumber: contactIdNumberSchema,
    occupation: optionalText({ maxLength: CONTACT_LIMITS.occupation }),
    address: optionalText({ maxLength: CONTACT_LIMITS.address }),
  };
}

/**
 * The cross-field rule: an ID number needs a type and a type needs a number that fits it. Runs
 * even when other fields failed (`when`), so the form shows every error at once; a type that
 * failed its own check is left to that check.
 */
export function withContactRules<T extends z.ZodType<{ idType?: IdentificationType | undefined; idNumber?: string | undefined }>>(
  schema: T,
): T {
  return schema.superRefine(
    (value, ctx) => {
      const idType = value.idType as unknown;
      if (idType !== undefined && idType !== null && idType !== '' && !isIdentificationType(idType)) return;
      refineIdentification(
        {
          idType: (idType || undefined) as IdentificationType | undefined,
          idNumber: typeof value.idNumber === 'string' ? value.idNumber.trim() : undefined,
        },
        ctx,
      );
    },
    { when: () => true },
  );
}
