import { api } from '../../../lib/api-client';
import { clearLogin, readStoredLogin } from '../../../lib/session';

/**
 * POST /api/auth/v1/logout revokes the refresh family; the stored login is cleared whatever the
 * answer (an offline phone still signs out locally). What the app kept offline (recent
 * contacts, items not sent yet, the catalogue copy) is erased with it.
 */
export async function logout(): Promise<void> {
  const stored = readStoredLogin();
  try {
    if (stored) await api.post('/api/auth/v1/logout', { refreshToken: stored.refreshToken }, { auth: true });
  } catch {
    // The session ends locally anyway; the server expires the tokens on its own.
  } finally {
    clearLogin();
    // Fetched only now: the sign-in screen, which loads this file, carries none of it.
    await import('../../../lib/offline/erase-offline-data').then(({ eraseOfflineData }) => eraseOfflineData()).catch(() => undefined);
  }
}
