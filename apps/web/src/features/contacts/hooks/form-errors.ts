import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';

/**
 * A 422's field errors (`[{ field, key }]`, DESIGN.md §3) placed on the form's own fields, the
 * key kept as the message so the field shows `validation:<key>`. Answers the errors that name
 * no field of this form (shown above the form instead).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): { placed: number; unplaced: string[] } {
  if (!isApiError(error) || error.status !== 422 || !error.errors?.length) return { placed: 0, unplaced: [] };
  const known = new Set<string>(fields);
  let placed = 0;
  const unplaced: string[] = [];
  for (const { field, key } of error.errors) {
    if (known.has(field)) {
      setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: placed === 0 });
      placed += 1;
    } else unplaced.push(key);
  }
  return { placed, unplaced };
}

/** The translated message of a field's error (its message is a form error key), or undefined. */
export function fieldErrorText(error: { message?: string | undefined } | undefined): string | undefined {
  return error ? translateFormError(error.message) : undefined;
}

/** A failed call's message: the envelope's key in the `errors` namespace, never a raw key. */
export function apiErrorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
