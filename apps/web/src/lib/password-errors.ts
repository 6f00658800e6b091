import type { FieldError as FormFieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '@portal/domain/constants/field-limits';
import { PASSWORD_CHECK_ORDER } from '@portal/domain/rules/password-policy';
import { isApiError } from './api-client';
import { translateErrorKey, translateFormError } from './i18n';
import { authErrorMessage } from './auth-errors';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The fields of the password forms (reset, change) a server answer may name. */
const PASSWORD_FORM_FIELDS = ['currentPassword', 'password', 'confirmedPassword'] as const;
type PasswordFormField = (typeof PASSWORD_FORM_FIELDS)[number];

const POLICY_CODES = new Set<unknown>(PASSWORD_CHECK_ORDER);
const CURRENT_PASSWORD_INVALID = 1032;
const REQUEST_CODE_INVALID = 1031;
const ORIGINAL_OR_REQUEST_REQUIRED = 1043;

export type PasswordErrorOutcome =
  { kind: 'field'; field: PasswordFormField } | { kind: 'request'; message: string } | { kind: 'message'; message: string };

function isFormField(field: string): field is PasswordFormField {
  return (PASSWORD_FORM_FIELDS as readonly string[]).includes(field);
}

/**
 * Puts a failed reset or change-password answer where the user looks for it:
 * - a §8 password rule (1050, 1051, 1052, 1053, 1044, 1006) on the new-password field, translated;
 * - 1032 (wrong current password) and 1043 (missing) on the current-password field;
 * - a 422 form key (`unmatched`, `required`, …) on its field;
 * - 1031 (and 1043 for the request code): the verified request is gone, the flow starts again;
 * - anything else as one message (locks with their wait, throttles, system error).
 * A server-set field error has type `server` and an already translated message.
 */
export function applyPasswordErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: Translate,
): PasswordErrorOutcome {
  const set = (field: PasswordFormField, type: 'server' | 'validation', message: string) =>
    setError(field as Path<T>, { type, message }, { shouldFocus: false });

  if (isApiError(error)) {
    const fields = error.errors ?? [];
    if (POLICY_CODES.has(error.code)) {
      set('password', 'server', translateErrorKey(error.messageKey));
      return { kind: 'field', field: 'password' };
    }
    if (
      error.code === CURRENT_PASSWORD_INVALID ||
      (error.code === ORIGINAL_OR_REQUEST_REQUIRED && fields.some((f) => f.field === 'currentPassword'))
    ) {
      set('currentPassword', 'server', translateErrorKey(error.messageKey));
      return { kind: 'field', field: 'currentPassword' };
    }
    if (error.code === REQUEST_CODE_INVALID || error.code === ORIGINAL_OR_REQUEST_REQUIRED) {
      return { kind: 'request', message: translateErrorKey(error.messageKey) };
    }
    if (error.status === 422) {
      const known = fields.filter((f) => isFormField(f.field));
      for (const f of known) set(f.field as PasswordFormField, 'validation', f.key);
      const first = known[0];
      if (first) return { kind: 'field', field: first.field as PasswordFormField };
    }
  }
  return { kind: 'message', message: authErrorMessage(error, t) };
}

/** The text under a password field: a server message as sent, a form key translated. */
export function passwordFieldError(error: FormFieldError | undefined, t: Translate): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  if (error.message === 'maxlength') return t('validation:maxlength_n', { max: PASSWORD_MAX_LENGTH });
  return translateFormError(error.message);
}
