/**
 * The server's password rules (spec §5, §8; DESIGN.md §5). The web shows hints and a strength
 * meter that guide without blocking; these rules decide, and each failure carries its §8 code.
 *
 * The pure rules live here. Two facts need data the domain package does not hold, so the
 * server supplies them in the order fixed by PASSWORD_CHECK_ORDER: whether the password is
 * on the offline list of breached passwords (1053), whether the user used it recently (1044)
 * and its strength score (1006). Lengths (8 to 64) are those of constants/field-limits.ts.
 */
import { PASSWORD_MIN_LENGTH } from '../constants/field-limits';

/** A run of this many repeated (`aaaa`) or sequential (`1234`, `abcd`, `dcba`) characters is refused. */
export const PASSWORD_RUN_LENGTH = 4;
/** zxcvbn scores 0..4; below this the password is "not strong" (1006). */
export const PASSWORD_MIN_STRENGTH_SCORE = 3;
/** A new password must differ from this many of the user's most recent passwords (1044). */
export const PASSWORD_HISTORY_DEPTH = 5;

export const PASSWORD_TOO_SHORT = 1050;
export const PASSWORD_REPEATED_CHARACTERS = 1051;
export const PASSWORD_SEQUENCE_CHARACTERS = 1052;
export const PASSWORD_BREACHED = 1053;
export const PASSWORD_RECENTLY_USED = 1044;
export const PASSWORD_NOT_STRONG = 1006;

export type PasswordRuleCode = typeof PASSWORD_TOO_SHORT | typeof PASSWORD_REPEATED_CHARACTERS | typeof PASSWORD_SEQUENCE_CHARACTERS;

export type PasswordPolicyCode = PasswordRuleCode | typeof PASSWORD_BREACHED | typeof PASSWORD_RECENTLY_USED | typeof PASSWORD_NOT_STRONG;

/**
 * The order the server checks in: the cheap pure rules first, then the breached list, then the
 * history (argon2 comparisons: slow, and a user who reuses a password learns exactly that),
 * then the strength score.
 */
export const PASSWORD_CHECK_ORDER: readonly PasswordPolicyCode[] = [
  PASSWORD_TOO_SHORT,
  PASSWORD_REPEATED_CHARACTERS,
  PASSWORD_SEQUENCE_CHARACTERS,
  PASSWORD_BREACHED,
  PASSWORD_RECENTLY_USED,
  PASSWORD_NOT_STRONG,
];

/** Characters by code point, so that a Khmer or emoji character counts once. */
function characters(password: string): string[] {
  return Array.from(password);
}

/** True when the same character appears `run` times in a row (`aaaa`, `1111`); case-insensitive. */
export function hasRepeatedRun(password: string, run = PASSWORD_RUN_LENGTH): boolean {
  const chars = characters(password.toLowerCase());
  let length = 1;
  for (let i = 1; i < chars.length; i += 1) {
    length = chars[i] === chars[i - 1] ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

/** The position of a digit or Latin letter in its own alphabet, or undefined for anything else. */
function sequencePosition(char: string): { alphabet: 'digit' | 'letter'; index: number } | undefined {
  if (/^[0-9]$/.test(char)) return { alphabet: 'digit', index: char.charCodeAt(0) - 48 };
  if (/^[a-z]$/.test(char)) return { alphabet: 'letter', index: char.charCodeAt(0) - 97 };
  return undefined;
}

/**
 * True when `run` digits or Latin letters follow each other up or down (`1234`, `abcd`, `DCBA`,
 * `9876`); case-insensitive. Keyboard rows (`qwer`) are left to the strength score.
 */
export function hasSequentialRun(password: string, run = PASSWORD_RUN_LENGTH): boolean {
  const chars = characters(password.toLowerCase());
  let length = 1;
  let step = 0;
  for (let i = 1; i < chars.length; i += 1) {
    const previous = sequencePosition(chars[i - 1] ?? '');
    const current = sequencePosition(chars[i] ?? '');
    const delta = previous && current && previous.alphabet === current.alphabet ? current.index - previous.index : 0;
    if (delta === 1 || delta === -1) {
      length = delta === step ? length + 1 : 2;
      step = delta;
    } else {
      length = 1;
      step = 0;
    }
    if (length >= run) return true;
  }
  return false;
}

/** The first pure rule the password breaks (1050, 1051, 1052), or null. Length is counted in characters. */
export function checkPasswordRules(password: string): PasswordRuleCode | null {
  if (characters(password).length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (hasRepeatedRun(password)) return PASSWORD_REPEATED_CHARACTERS;
  if (hasSequentialRun(password)) return PASSWORD_SEQUENCE_CHARACTERS;
  return null;
}

/** Whether a zxcvbn score (0..4) is strong enough. */
export function isStrongEnough(score: number): boolean {
  return score >= PASSWORD_MIN_STRENGTH_SCORE;
}

/** The facts only the server can establish, asked for lazily and in PASSWORD_CHECK_ORDER. */
export interface PasswordFacts {
  isBreached(password: string): boolean | Promise<boolean>;
  isRecentlyUsed(password: string): boolean | Promise<boolean>;
  strengthScore(password: string): number | Promise<number>;
}

/** Runs every check in PASSWORD_CHECK_ORDER and returns the first failing §8 code, or null. */
export async function checkPassword(password: string, facts: PasswordFacts): Promise<PasswordPolicyCode | null> {
  const rule = checkPasswordRules(password);
  if (rule !== null) return rule;
  if (await facts.isBreached(password)) return PASSWORD_BREACHED;
  if (await facts.isRecentlyUsed(password)) return PASSWORD_RECENTLY_USED;
  if (!isStrongEnough(await facts.strengthScore(password))) return PASSWORD_NOT_STRONG;
  return null;
}
