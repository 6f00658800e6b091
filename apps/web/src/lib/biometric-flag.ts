import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';

/**
 * The spec's biometric flag (localStorage `biometricEnabled`): this device has a passkey for the
 * account. Set after a passkey is registered or used; cleared when the user removes their last
 * passkey. It only decides what the app offers; the server decides who signs in.
 */
export function isBiometricEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.biometricEnabled) === 'true';
  } catch {
    return false;
  }
}

export function setBiometricEnabled(enabled: boolean): void {
  try {
    if (enabled) localStorage.setItem(STORAGE_KEYS.biometricEnabled, 'true');
    else localStorage.removeItem(STORAGE_KEYS.biometricEnabled);
  } catch {
    // Private mode without storage: nothing to remember.
  }
}
