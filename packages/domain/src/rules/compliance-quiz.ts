/**
 * The compliance questionnaire as an examination, not a guessing game:
 * - each attempt draws QUIZ_RULES.questionsPerAttempt questions from the period's bank (larger
 *   than one attempt) and shows them and their choices in an order of its own;
 * - answers are checked on the server, and an attempt's answer tells pass or fail and the score,
 *   never which questions were right, until an attempt passes;
 * - at most QUIZ_RULES.attemptsPerDay attempts a calendar day (Phnom Penh), and after a failed
 *   attempt the next one waits QUIZ_RULES.coolDownMinutes.
 * The draw is a pure function of a seed (the user, the period and the attempt's number), so the
 * questions asked again before submitting are the same ones, and the server can check that the
 * answers are to exactly the questions drawn.
 */
export const QUIZ_RULES = {
  questionsPerAttempt: 6,
  attemptsPerDay: 3,
  coolDownMinutes: 30,
} as const;

export interface BankQuestion {
  questionNumber: number;
  answerSequenceNos: readonly number[];
}

export interface DrawnQuestion {
  questionNumber: number;
  /** The choices' answerSequenceNo in the order they are shown. */
  answerOrder: number[];
}

/** A 32-bit seed from a string (FNV-1a). */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The questions of one attempt, in the order shown, each with its choices in the order shown. */
export function drawQuiz(bank: readonly BankQuestion[], seed: string, count: number = QUIZ_RULES.questionsPerAttempt): DrawnQuestion[] {
  const next = generator(hashSeed(seed));
  return shuffled(bank, next)
    .slice(0, Math.min(count, bank.length))
    .map((q) => ({ questionNumber: q.questionNumber, answerOrder: shuffled(q.answerSequenceNos, next) }));
}

/** The seed of a user's next attempt in a period. */
export function quizSeed(userId: string, periodCode: string, attemptNumber: number): string {
  return `${userId}|${periodCode}|${attemptNumber}`;
}

export type QuizGate =
  { open: true } | { open: false; key: 'compliance_attempts_exhausted' | 'compliance_cool_down'; retryAfterSeconds: number };

/**
 * May the user submit another attempt now? `attempts` are their attempts of the period, oldest
 * first; `dayStart` and `nextDayStart` bound today in Phnom Penh.
 */
export function quizGate(
  attempts: readonly { submittedAt: Date; passed: boolean }[],
  now: Date,
  dayStart: Date,
  nextDayStart: Date,
): QuizGate {
  const today = attempts.filter((a) => a.submittedAt >= dayStart && a.submittedAt < nextDayStart);
  if (today.length >= QUIZ_RULES.attemptsPerDay)
    return {
      open: false,
      key: 'compliance_attempts_exhausted',
      retryAfterSeconds: Math.ceil((nextDayStart.getTime() - now.getTime()) / 1000),
    };
  const last = attempts.at(-1);
  if (last && !last.passed) {
    const until = last.submittedAt.getTime() + QUIZ_RULES.coolDownMinutes * 60_000;
    if (until > now.getTime())
      return { open: false, key: 'compliance_cool_down', retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
  }
  return { open: true };
}
