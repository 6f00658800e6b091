/**
 * The guiding checks of a new password (spec §5): shown as hints while typing, never errors (the
 * form rule is rules/password.ts, the server's rules/password-policy.ts). No zod here: the
 * sign-in screens' password guide loads this module alone.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/field-limits';

export interface PasswordHints {
  /** 8 to 64 characters. */
  length: boolean;
  /** At least one digit 0-9. */
  digit: boolean;
  /** At least one character that is not a digit. */
  nonDigit: boolean;
  /** At least one letter (any script). */
  letter: boolean;
  /** At least one character that is neither a letter, a digit nor a space. */
  special: boolean;
}

/** Which of the guiding checks a password meets. Pure; never throws, never blocks. */
export function passwordHints(password: string): PasswordHints {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    digit: /[0-9]/.test(password),
    nonDigit: /[^0-9]/.test(password),
    letter: /\p{L}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

/** How many of the five hints are met (0-5), for a simple meter. */
export function passwordHintScore(password: string): number {
  return Object.values(passwordHints(password)).filter(Boolean).length;
}
