/**
 * The character patterns of spec §5. Each schema reports `pattern` (after `required`, `maxlength`
 * and `minlength`, see generic.ts). Empty values pass unless the field is required.
 */
import type * as z from 'zod';
import type { TextRules } from './generic';
import { textSchema } from './generic';

/**
 * Khmer: the Khmer block U+1780–U+17FF (consonants, vowels, signs and the combining marks, which
 * sit inside the block, plus Khmer digits) and the Khmer Symbols block U+19E0–U+19FF.
 */
const KHMER = '\\u1780-\\u17FF\\u19E0-\\u19FF';

export const PATTERNS = {
  /** Latin letters and spaces only (names written in Latin script). */
  latinLetters: /^[A-Za-z ]+$/,
  /** Digits only. */
  digits: /^[0-9]+$/,
  /** Latin letters and digits only. */
  latinAndDigits: /^[A-Za-z0-9]+$/,
  /** Phone numbers as typed: digits and hyphens. */
  phone: /^[0-9-]+$/,
  /** Khmer letters and spaces only (names written in Khmer script). */
  khmerLetters: new RegExp(`^[${KHMER} ]+$`),
} as const;

export type PatternName = keyof typeof PATTERNS;

export function matchesPattern(name: PatternName, value: string): boolean {
  return PATTERNS[name].test(value);
}

type Rules = Omit<TextRules, 'pattern'>;

export const latinLettersSchema = (rules: Rules = {}): z.ZodString => textSchema({ ...rules, pattern: PATTERNS.latinLetters });

export const digitsSchema = (rules: Rules = {}): z.ZodString => textSchema({ ...rules, pattern: PATTERNS.digits });

export const latinAndDigitsSchema = (rules: Rules = {}): z.ZodString => textSchema({ ...rules, pattern: PATTERNS.latinAndDigits });

/** Phone as typed (digits and hyphens); normalise with format/phone.ts before storing. */
export const phoneSchema = (rules: Rules = {}): z.ZodString => textSchema({ ...rules, pattern: PATTERNS.phone });

export const khmerLettersSchema = (rules: Rules = {}): z.ZodString => textSchema({ ...rules, pattern: PATTERNS.khmerLetters });
