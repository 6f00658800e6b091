import { seal, unseal, type Sealed } from './offline-crypto';
import { getOne, put, RECENT_STORE } from './offline-db';
import { passwordKey, takePendingUnlock } from './password-unlock';

/**
 * The offline key (its 32 bytes in base64url), sealed with the key derived from the advisor's
 * password at their last password sign-in on this phone (password-unlock.ts). It sits in the
 * `recent` store, so both sign-outs erase it with the recent contacts. Opening it needs the
 * password: the disk alone does not give the key to the data beside it.
 */
export const UNLOCK_RECORD_ID = 'unlock';

interface UnlockRecord {
  id: typeof UNLOCK_RECORD_ID;
  /** The user id of the advisor whose password sealed it. */
  owner: string;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  sealed: Sealed;
}

/**
 * After the server gave the offline key to a page whose sign-in prepared a password key for the
 * same user (the username typed at the password step is the session's): seals the key with it
 * and keeps the record (replacing an earlier one).
 */
export async function keepUnlockable(offlineKeyBase64: string, user: { id: string; username: string }): Promise<void> {
  const pending = takePendingUnlock(user.username);
  const key = pending ? await pending.key : null;
  if (!pending || !key) return;
  const record: UnlockRecord = {
    id: UNLOCK_RECORD_ID,
    owner: user.id,
    salt: pending.salt,
    iterations: pending.iterations,
    sealed: await seal(key, offlineKeyBase64),
  };
  await put(RECENT_STORE, record);
}

/** Whether this phone keeps a sealed key that the password of the user `owner` (their id) may open. */
export async function canUnlock(owner: string): Promise<boolean> {
  const record = await getOne<UnlockRecord>(RECENT_STORE, UNLOCK_RECORD_ID).catch(() => undefined);
  return record !== undefined && record.owner === owner;
}

/** The offline key (base64url) opened with `password`; null when it is not the password that sealed it. */
export async function openWithPassword(owner: string, password: string): Promise<string | null> {
  const record = await getOne<UnlockRecord>(RECENT_STORE, UNLOCK_RECORD_ID);
  if (!record || record.owner !== owner) return null;
  try {
    const opened = await unseal<unknown>(await passwordKey(password, record.salt, record.iterations), record.sealed);
    return typeof opened === 'string' ? opened : null;
  } catch {
    return null;
  }
}
