import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DbHandle } from '../../db/client';
import type { AppMetrics } from './app-metrics';

const INSTRUMENTED = Symbol.for('portal.metrics.instrumented');

type Observe = (seconds: number, ok: boolean) => void;

/** Wraps `target[method]` so that each call (promise or node-style callback) reports its duration. */
function timeMethod(target: object, method: string, observe: Observe): void {
  const record = target as Record<string, unknown>;
  const original = record[method];
  if (typeof original !== 'function') return;
  record[method] = function timed(this: unknown, ...args: unknown[]): unknown {
    const start = process.hrtime.bigint();
    const done = (ok: boolean) => observe(Number(process.hrtime.bigint() - start) / 1e9, ok);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        done(!error);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => done(true),
        () => done(false),
      );
    }
    return result;
  };
}

function instrumentPglite(client: PGlite, observe: Observe): void {
  timeMethod(client, 'query', observe);
  timeMethod(client, 'exec', observe);
  // Statements inside a transaction go through the transaction object Drizzle is handed.
  const transaction = client.transaction.bind(client);
  (client as { transaction: PGlite['transaction'] }).transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      timeMethod(tx, 'query', observe);
      timeMethod(tx, 'exec', observe);
      return callback(tx);
    });
}

function instrumentPool(pool: pg.Pool, observe: Observe, metrics: AppMetrics): void {
  // Every statement, pooled or in a transaction, runs on a checked-out client: time each client once.
  pool.on('acquire', (client) => {
    const marked = client as unknown as Record<symbol, boolean>;
    if (marked[INSTRUMENTED]) return;
    marked[INSTRUMENTED] = true;
    timeMethod(client, 'query', observe);
  });
  metrics.gauge('portal_db_pool_connections', 'PostgreSQL pool connections, by state (total, idle, waiting requests).', ['state'], () => [
    { labels: { state: 'total' }, value: pool.totalCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting' }, value: pool.waitingCount },
  ]);
}

/**
 * Times every database statement into `portal_db_query_duration_seconds` by wrapping the
 * driver's client (PGlite's query/exec and its transactions; each pooled PostgreSQL client's
 * query), and on PostgreSQL adds the pool's connection gauge. A handle is wrapped once; a handle
 * shared by several apps reports to the first.
 */
export function instrumentDb(handle: DbHandle, metrics: AppMetrics): void {
  const marked = handle.client as unknown as Record<symbol, boolean>;
  if (marked[INSTRUMENTED]) return;
  marked[INSTRUMENTED] = true;
  const observe: Observe = (seconds, ok) => metrics.dbQueryDuration.observe({ outcome: ok ? 'ok' : 'error' }, seconds);
  if (handle.kind === 'pglite') instrumentPglite(handle.client, observe);
  else instrumentPool(handle.client, observe, metrics);
}
