// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { api, ApiError, NETWORK_ERROR_KEY, NETWORK_ERROR_STATUS } from '../api-client';
import { eraseOfflineData } from './erase-offline-data';
import { importOfflineKey, seal, unseal } from './offline-crypto';
import { deleteOfflineDb, getAll, RECENT_STORE } from './offline-db';
import { currentOfflineKey, offlineKey, offlineKeyUnreachable, setOfflineKey, unlockOfflineKey } from './offline-key';
import { canUnlock, keepUnlockable } from './offline-unlock';
import { preparePasswordUnlock } from './password-unlock';

const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const PASSWORD = 'Mekong river 2026';
/** Fewer rounds than the app's 600,000: the same code, quicker. */
const ROUNDS = 1_000;

const DARA = { id: 'user-1', username: 'dara.kim' };

/** The signed-in advisor as the session keeps them (offline-key reads the user from it). */
function signedInAs(user: { id: string; username: string }): void {
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify({ ...user, roles: ['ROLE_AAP'] }));
}

/** Stored the way a page that had the network does: the password step prepared (as typed), then the key arrived. */
async function keptAfterSignIn(typed = 'Dara.Kim'): Promise<void> {
  preparePasswordUnlock(typed, PASSWORD, ROUNDS);
  await keepUnlockable(KEY, DARA);
}

beforeEach(async () => {
  setOfflineKey(null);
  localStorage.clear();
  await deleteOfflineDb();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opening the offline store with the password in a page without network', () => {
  it('keeps the key only sealed with the password, for the user who signed in', async () => {
    await keptAfterSignIn();
    const [record] = await getAll<Record<string, unknown>>(RECENT_STORE);
    expect(record).toMatchObject({ id: 'unlock', owner: DARA.id, iterations: ROUNDS });
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(await canUnlock(DARA.id)).toBe(true);
    expect(await canUnlock('user-2')).toBe(false);
  });

  it('seals nothing when the password step was another user’s, or there was none', async () => {
    preparePasswordUnlock('sokha', PASSWORD, ROUNDS);
    await keepUnlockable(KEY, DARA);
    await keepUnlockable(KEY, { id: 'user-2', username: 'sokha' });
    expect(await getAll(RECENT_STORE)).toEqual([]);
  });

  it('opens the key with the right password only, and the key reads what was sealed with the server’s', async () => {
    await keptAfterSignIn();
    const sealed = await seal(await importOfflineKey(KEY), { lastName: 'Chan' });

    expect(await unlockOfflineKey(DARA.id, 'mekong river 2026')).toBe(false);
    expect(await unlockOfflineKey(DARA.id, '')).toBe(false);
    expect(await unlockOfflineKey('user-2', PASSWORD)).toBe(false);
    expect(currentOfflineKey()).toBeNull();

    expect(await unlockOfflineKey(DARA.id, PASSWORD)).toBe(true);
    const key = currentOfflineKey();
    expect(key).not.toBeNull();
    expect(await unseal(key!, sealed)).toEqual({ lastName: 'Chan' });
  });

  it('is erased by both sign-outs', async () => {
    await keptAfterSignIn();
    await eraseOfflineData({ keepUnsent: true });
    expect(await canUnlock(DARA.id)).toBe(false);
    await keptAfterSignIn();
    await eraseOfflineData();
    expect(await canUnlock(DARA.id)).toBe(false);
    expect(await unlockOfflineKey(DARA.id, PASSWORD)).toBe(false);
  });

  it('offers the password only when the server could not be reached, not when it refused', async () => {
    signedInAs(DARA);
    const get = vi.spyOn(api, 'get');
    get.mockRejectedValueOnce(new ApiError({ status: 403, code: 403, messageKey: 'forbidden' }));
    expect(await offlineKey()).toBeNull();
    expect(offlineKeyUnreachable()).toBe(false);

    get.mockRejectedValueOnce(new ApiError({ status: NETWORK_ERROR_STATUS, code: 'network', messageKey: NETWORK_ERROR_KEY }));
    expect(await offlineKey()).toBeNull();
    expect(offlineKeyUnreachable()).toBe(true);

    // The network returns: the server's key, sealed with the password prepared at sign-in.
    preparePasswordUnlock('Dara.Kim', PASSWORD, ROUNDS);
    get.mockResolvedValueOnce({ key: KEY });
    expect(await offlineKey()).not.toBeNull();
    expect(offlineKeyUnreachable()).toBe(false);
    await vi.waitFor(async () => expect(await canUnlock(DARA.id)).toBe(true));
  });
});
