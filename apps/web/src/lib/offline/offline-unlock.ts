import { seal, unseal, type Sealed } from './offline-crypto';
import { getOne, put, RECENT_STORE } from './offline-db';
import { passwordKey, sameUser, takePendingUnlock } from './password-unlock';

/**
 * The offline key (its 32 bytes in base64url), sealed with the key derived from the advisor's
 * password at their last password sign-in on this phone (password-unlock.ts). It sits in the
 * `recent` store, so both sign-outs erase it with the recent contacts. Opening it needs the
 * password: the disk alone does not give the key to the data beside it.
 */
export const UNLOCK_RECORD_ID = 'unlock';

interface UnlockRecord {
  id: typeof UNLOCK_RECORD_ID;
  /** The username (lower-cased) whose password sealed it. */
  username: string;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  sealed: Sealed;
}

/**
 * After the server gave the offline key to a page whose sign-in prepared a password key for the
 * same user: seals the key with it and keeps the record (replacing an earlier one).
 */
export async function keepUnlockable(offlineKeyBase64: string, username: string): Promise<void> {
  const pending = takePendingUnlock(username);
  const key = pending ? await pending.key : null;
  if (!pending || !key) return;
  const record: UnlockRecord = {
    id: UNLOCK_RECORD_ID,
    username: pending.username,
    salt: pending.salt,
    iterations: pending.iterations,
    sealed: await seal(key, offlineKeyBase64),
  };
  await put(RECENT_STORE, record);
}

/** Whether this phone keeps a sealed key that `username`'s password may open. */
export async function canUnlock(username: string): Promise<boolean> {
  const record = await getOne<UnlockRecord>(RECENT_STORE, UNLOCK_RECORD_ID).catch(() => undefined);
  return record !== undefined && sameUser(record.username, username);
}

/** The offline key (base64url) opened with `password`; null when it is not the password that sealed it. */
export async function openWithPassword(username: string, password: string): Promise<string | null> {
  const record = await getOne<UnlockRecord>(RECENT_STORE, UNLOCK_RECORD_ID);
  if (!record || !sameUser(record.username, username)) return null;
  try {
    const opened = await unseal<unknown>(await passwordKey(password, record.salt, record.iterations), record.sealed);
    return typeof opened === 'string' ? opened : null;
  } catch {
    return null;
  }
}
