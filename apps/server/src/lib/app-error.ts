import type { ErrorEnvelope, FieldError } from '@portal/domain/errors/error-envelope';
import { HTTP_ERROR_KEYS } from '@portal/domain/errors/error-catalogue';

/**
 * The error services throw. The error handler turns it into the envelope of DESIGN.md §3:
 * `{ code, messageKey, errors?, retryAfter? }` with `status` as the HTTP status.
 *
 *   throw new AppError(401, 1024, messageKeyForCode(1024));
 *   throw AppError.http(404);
 *   throw new AppError(422, 422, 'validation_failed', [{ field: 'phone', key: 'pattern' }]);
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly retryAfter: number | undefined;

  constructor(
    readonly status: number,
    readonly code: number | string,
    readonly messageKey: string,
    readonly errors?: FieldError[],
    options: { retryAfter?: number; cause?: unknown } = {},
  ) {
    // The message is for server logs only; clients get the envelope.
    super(`${status} ${String(code)} ${messageKey}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfter = options.retryAfter;
  }

  /** A plain HTTP error whose code is its status and whose key is HTTP_ERROR_KEYS[status]. */
  static http(status: keyof typeof HTTP_ERROR_KEYS, options: { retryAfter?: number } = {}): AppError {
    return new AppError(status, status, HTTP_ERROR_KEYS[status], undefined, options);
  }

  /** 422 with field errors. */
  static validation(errors: FieldError[]): AppError {
    return new AppError(422, 422, HTTP_ERROR_KEYS[422], errors);
  }

  toEnvelope(): ErrorEnvelope {
    return {
      code: this.code,
      messageKey: this.messageKey,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
    };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
