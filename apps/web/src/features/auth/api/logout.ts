import type { AuthSession } from '@portal/domain/contracts/auth/auth-session';
import { epochSeconds, isStoredLoginValid, type StoredLogin } from '@portal/domain/session/stored-login';
import { api } from '../../../lib/api-client';
import { clearLogin, readStoredLogin } from '../../../lib/session';

/**
 * Signs out. The stored login is cleared first, so a tab closed or moved away while the server
 * is asked is signed out all the same (an offline phone too). What the app kept offline (recent
 * contacts, the catalogue copy, and the items not sent yet unless `keepUnsent`) is erased
 * meanwhile. Then POST /api/auth/v1/logout revokes the refresh family, with the tokens read
 * before the clearing; a failure there is not the user's to see: the server expires the tokens
 * on its own.
 */
export async function logout(options: { keepUnsent?: boolean } = {}): Promise<void> {
  const stored = readStoredLogin();
  clearLogin({ signedOut: true });
  // Fetched only now: the sign-in screen, which loads this file, carries none of it.
  const erased = import('../../../lib/offline/erase-offline-data')
    .then(({ eraseOfflineData }) => eraseOfflineData(options))
    .catch(() => undefined);
  if (stored) await endServerSession(stored).catch(() => undefined);
  await erased;
}

/**
 * Revokes the session of tokens no longer stored: an expired access token is renewed first
 * (the new pair is only used for this call, never stored). `keepalive` lets the call outlive a
 * page being closed.
 */
async function endServerSession(stored: StoredLogin): Promise<void> {
  let tokens = stored;
  if (!isStoredLoginValid(stored, epochSeconds())) {
    const renewed = await api.post<AuthSession>('/api/auth/v1/refresh', { refreshToken: stored.refreshToken }, { auth: false });
    tokens = { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken };
  }
  await api.post(
    '/api/auth/v1/logout',
    { refreshToken: tokens.refreshToken },
    { auth: false, keepalive: true, headers: { Authorization: `Bearer ${tokens.accessToken}` } },
  );
}
