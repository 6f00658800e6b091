import { WebAuthnError } from '@simplewebauthn/browser';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The user closed the prompt, it timed out, or no passkey on this device fits. */
export function isCeremonyCancelled(error: unknown): boolean {
  if (error instanceof WebAuthnError) {
    return (
      error.code === 'ERROR_CEREMONY_ABORTED' || (error.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && error.name === 'NotAllowedError')
    );
  }
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** A failed passkey registration, in words the user can act on. */
export function registrationErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return t('auth:passkey_already_registered');
  if (isCeremonyCancelled(error)) return t('auth:passkey_cancelled');
  if (isApiError(error)) return authErrorMessage(error, t);
  return t('auth:passkey_failed');
}

/** A failed passkey sign-in: any refusal is one answer, like a wrong password (no enumeration). */
export function authenticationErrorMessage(error: unknown, t: Translate): string {
  if (isCeremonyCancelled(error)) return t('auth:passkey_cancelled');
  if (isApiError(error) && error.status === 401) return t('auth:passkey_signin_failed');
  if (isApiError(error)) return authErrorMessage(error, t);
  return t('auth:passkey_signin_failed');
}
