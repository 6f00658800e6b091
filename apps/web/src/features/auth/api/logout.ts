import { api } from '../../../lib/api-client';
import { clearLogin, readStoredLogin } from '../../../lib/session';

/**
 * POST /api/auth/v1/logout revokes the refresh family; the stored login is cleared whatever the
 * answer (an offline phone still signs out locally). What the app kept offline (recent
 * contacts, the catalogue copy, and the items not sent yet unless `keepUnsent`) is erased with it.
 */
export async function logout(options: { keepUnsent?: boolean } = {}): Promise<void> {
  const stored = readStoredLogin();
  try {
    if (stored) await api.post('/api/auth/v1/logout', { refreshToken: stored.refreshToken }, { auth: true });
  } catch {
    // The session ends locally anyway; the server expires the tokens on its own.
  } finally {
    clearLogin();
    // Fetched only now: the sign-in screen, which loads this file, carries none of it.
    await import('../../../lib/offline/erase-offline-data')
      .then(({ eraseOfflineData }) => eraseOfflineData(options))
      .catch(() => undefined);
  }
}
