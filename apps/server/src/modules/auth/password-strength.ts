import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The offline password checks of rules/password-policy.ts that need data: the list of known
 * breached / most common passwords shipped with @zxcvbn-ts/language-common (49,233 passwords
 * from public breach corpora) and the zxcvbn strength score. Built once, on first use (~0.2 s).
 */
let zxcvbn: ZxcvbnFactory | undefined;
let breached: Set<string> | undefined;

function factory(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return zxcvbn;
}

/** True when the password, ignoring case, is on the breached list. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(commonDictionary['passwords-common']);
  return breached.has(password.toLowerCase());
}

/** zxcvbn's score, 0 (guessable) to 4; the user's own names count against it. */
export function passwordStrengthScore(password: string, userInputs: readonly string[] = []): number {
  return factory().check(
    password,
    userInputs.filter((input) => input.length > 0),
  ).score;
}
