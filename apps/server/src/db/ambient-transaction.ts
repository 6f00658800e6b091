import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/** The transaction the current async call chain runs in, while it is open. */
interface Ambient {
  tx: Db;
  open: boolean;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The database as repositories see it: inside `inTransaction` every query goes to that
 * transaction, elsewhere to `root`. So a service can make one change through several repositories
 * and write its audit rows in the same transaction without passing a handle through each call.
 * Work started inside a transaction that outlives it (a timer, a promise nobody awaits) falls back
 * to `root` once the transaction has ended.
 */
export function ambientAware(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      const current = ambient.getStore();
      const base = current?.open ? current.tx : target;
      const value: unknown = Reflect.get(base, property, base);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    },
  });
}

/**
 * Runs `work` in one transaction: every query made through an `ambientAware` database inside it
 * (in any repository) commits or rolls back together. Inside another `inTransaction` it joins that
 * transaction (all-or-nothing with the outer work).
 */
export async function inTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const current = ambient.getStore();
  if (current?.open) return work();
  return db.transaction(async (tx) => {
    const store: Ambient = { tx: tx as unknown as Db, open: true };
    try {
      return await ambient.run(store, work);
    } finally {
      store.open = false;
    }
  });
}

/** Whether the caller runs inside `inTransaction`. */
export function inAmbientTransaction(): boolean {
  return ambient.getStore()?.open ?? false;
}
