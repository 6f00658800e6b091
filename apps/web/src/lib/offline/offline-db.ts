/**
 * The offline store: one IndexedDB database with two object stores.
 *   outbox  items created offline, waiting to be sent (see outbox.ts)
 *   recent  the advisor's recent contacts, one record (see recent-contacts.ts)
 * Every record keeps what identifies someone only inside `sealed` (AES-GCM, offline-crypto.ts).
 */
export const OFFLINE_DB_NAME = 'portal-offline';
const VERSION = 1;
export const OUTBOX_STORE = 'outbox';
export const RECENT_STORE = 'recent';

let opening: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(OFFLINE_DB_NAME, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(RECENT_STORE)) db.createObjectStore(RECENT_STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab deleting the database (sign-out) closes this connection.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB open failed'));
    };
  });
  return opening;
}

export async function getAll<T>(store: string): Promise<T[]> {
  const db = await openOfflineDb();
  return request(db.transaction(store, 'readonly').objectStore(store).getAll() as IDBRequest<T[]>);
}

export async function getOne<T>(store: string, id: string): Promise<T | undefined> {
  const db = await openOfflineDb();
  return request(db.transaction(store, 'readonly').objectStore(store).get(id) as IDBRequest<T | undefined>);
}

export async function put(store: string, value: unknown): Promise<void> {
  const db = await openOfflineDb();
  await request(db.transaction(store, 'readwrite').objectStore(store).put(value));
}

export async function remove(store: string, id: string): Promise<void> {
  const db = await openOfflineDb();
  await request(db.transaction(store, 'readwrite').objectStore(store).delete(id));
}

/** Empties one object store (the recent contacts at the idle sign-out). */
export async function clearStore(store: string): Promise<void> {
  const db = await openOfflineDb();
  await request(db.transaction(store, 'readwrite').objectStore(store).clear());
}

/** Deletes the whole database (the sign-out from the menu). */
export async function deleteOfflineDb(): Promise<void> {
  const db = opening ? await opening.catch(() => null) : null;
  db?.close();
  opening = null;
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    req.onblocked = () => resolve();
  });
}
