import type { TFunction } from 'i18next';
import { ApiError } from '../api-client';
import type { OutboxProblem } from './outbox';

/** Why an item kept on the phone was refused, in the screen's language (never its key); "not accepted" when it is not known. */
export function outboxProblemText(t: TFunction, exists: (key: string) => boolean, problem: OutboxProblem | undefined): string {
  if (!problem) return t('offline:problem_refused');
  return exists(`offline:problem_${problem.messageKey}`)
    ? t(`offline:problem_${problem.messageKey}`)
    : t(`errors:${problem.messageKey}`, { defaultValue: t('offline:problem_refused') });
}

/** The refusal as the error its call would have thrown, for the form helpers that place field errors. */
export function problemAsApiError(problem: OutboxProblem): ApiError {
  return new ApiError({
    status: problem.status,
    code: problem.status,
    messageKey: problem.messageKey,
    ...(problem.errors ? { errors: problem.errors } : {}),
  });
}
