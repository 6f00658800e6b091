/** Server error codes of spec §8 and their message keys (namespace `errors`). */
export const ERROR_CATALOGUE = {
  1006: 'password_not_strong',
  1024: 'user_not_found',
  1031: 'request_code_invalid',
  1032: 'current_password_invalid',
  1040: 'decryption_failure',
  1043: 'original_password_or_request_code_required',
  1044: 'password_recently_used',
  1050: 'password_too_short',
  1051: 'password_repeated_characters',
  1052: 'password_sequence_characters',
  1053: 'password_breached',
} as const;

export type CatalogueCode = keyof typeof ERROR_CATALOGUE;
export const SYSTEM_ERROR_KEY = 'system_error';

/** Any code outside the catalogue is a system error (spec §8). */
export function messageKeyForCode(code: unknown): string {
  const key = typeof code === 'number' ? (ERROR_CATALOGUE as Record<number, string>)[code] : undefined;
  return key ?? SYSTEM_ERROR_KEY;
}

/** Message keys of the HTTP-level errors of DESIGN.md §3 (namespace `errors`). */
export const HTTP_ERROR_KEYS = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'too_many_requests',
  500: SYSTEM_ERROR_KEY,
  501: 'not_implemented',
  503: 'unavailable',
} as const;
