import pg from 'pg';
import type { DbHandle } from '../db/client';
import type { ResponseCache } from './response-cache';

/** The channel migration 0012's triggers NOTIFY on; the payload is a cache tag. */
export const CACHE_CHANNEL = 'portal_cache';
const RECONNECT_MS = 1_000;

export interface CacheBus {
  close(): Promise<void>;
}

/**
 * Hears the database's cache invalidations (`NOTIFY portal_cache '<tag>'`, sent at commit by the
 * triggers of migration 0012) and drops the tagged answers. PostgreSQL: one dedicated connection
 * outside the pool; the cache stays off until it listens, goes off when the connection is lost
 * (what was missed meanwhile is unknown) and starts empty when it listens again. PGlite: one
 * process owns the database, and its own commits notify it.
 */
export async function startCacheBus(handle: DbHandle, cache: ResponseCache, onError: (error: Error) => void): Promise<CacheBus> {
  const hear = (tag: string): void => cache.invalidate(tag);
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(CACHE_CHANNEL, hear);
    return { close: () => unlisten().catch(() => undefined) };
  }

  const options = handle.client.options;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let listening = false;
  cache.setEnabled(false);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options, connectionTimeoutMillis: 5_000 });
    const lost = (error?: Error): void => {
      if (client !== next) return;
      client = undefined;
      cache.setEnabled(false);
      // Said once when a working channel is lost, not at every failed reconnection.
      if (listening) onError(error ?? new Error('the LISTEN connection ended'));
      listening = false;
      next.end().catch(() => undefined);
      if (!closed) schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL && message.payload) hear(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
      if (client === next && !closed) {
        listening = true;
        cache.setEnabled(true);
      }
    } catch (error) {
      lost(error as Error);
    }
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      cache.setEnabled(false);
      await current?.end().catch(() => undefined);
    },
  };
}
