/**
 * Client-kept keys of spec §3 / DESIGN.md §6 (browser localStorage). Spec §3 names the first five;
 * the last two are our names for the "current user" and "biometric flags" it mentions.
 */
export const STORAGE_KEYS = {
  /** JSON `{ "accessToken", "refreshToken" }` — the stored login of spec §4 (session/stored-login.ts). */
  token: 'token',
  /** `en` | `km`. */
  currentLang: 'currentLang',
  /** The application wizard step, 0 to 6. */
  activeStep: 'activeStep',
  profile: 'profile',
  /** The user type. */
  alias: 'alias',
  currentUser: 'currentUser',
  /** Whether this device has a passkey registered for the user. */
  biometricEnabled: 'biometricEnabled',
} as const;

export type StorageKeyName = keyof typeof STORAGE_KEYS;
export type StorageKey = (typeof STORAGE_KEYS)[StorageKeyName];
