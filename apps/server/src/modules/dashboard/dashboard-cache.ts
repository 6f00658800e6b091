import type { DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import fp from 'fastify-plugin';
import { appendRouteHook } from '../../plugins/route-hooks';
import { SAFE_METHODS } from '../../plugins/xsrf';

/**
 * How long a computed dashboard is served again. The figures are aggregates over the caller's
 * (or the agency's) whole book; policies change only with the feed import, so a short reuse makes
 * the landing page cheap under load (issue 9 benchmark) at the cost of figures up to this old.
 */
export const DASHBOARD_CACHE_SECONDS = 30;
const MAX_ENTRIES = 10_000;

interface Entry {
  /** The answer, serialised once (it is sent as is). */
  value: string;
  expiresAt: number;
  userId: string;
  agencyId: string | null;
}

/**
 * Computed dashboards by caller, in this process. A successful write by a user (any non-GET call
 * answered below 400) drops that user's entry and the entries of their agency's staff, so people
 * see their own changes at once; other processes (a scaled-out deployment) catch up within
 * DASHBOARD_CACHE_SECONDS.
 */
export class DashboardCache {
  private readonly entries = new Map<string, Entry>();
  /** Computations under way: concurrent misses of one key share one (no stampede at expiry). */
  private readonly pending = new Map<string, Promise<string>>();
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached answer of `key`, or the one `compute` makes (once, however many ask meanwhile). */
  async getOrCompute(
    key: string,
    owner: { userId: string; agencyId: string | null },
    compute: () => Promise<DashboardResponse>,
  ): Promise<string> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let running = this.pending.get(key);
    if (!running) {
      const generation = this.generation;
      const started: Promise<string> = compute()
        .then((value) => {
          const json = JSON.stringify(value);
          // A write since the computation started may have changed the figures: answer, but do not keep.
          if (generation === this.generation) this.set(key, json, owner);
          return json;
        })
        .finally(() => {
          if (this.pending.get(key) === started) this.pending.delete(key);
        });
      running = started;
      this.pending.set(key, running);
    }
    return running;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: string, owner: { userId: string; agencyId: string | null }): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + DASHBOARD_CACHE_SECONDS * 1000, ...owner });
  }

  /** After a write by `userId`: their dashboards, and agency-wide ones of their agency. */
  invalidateFor(userId: string, agencyId: string | null): void {
    // A computation that started before the write must neither be shared nor stored.
    this.generation += 1;
    this.pending.clear();
    for (const [key, entry] of this.entries) {
      if (entry.userId === userId || (agencyId !== null && entry.agencyId === agencyId)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.pending.clear();
    this.entries.clear();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing (a premium quote): its success leaves the dashboards cached. */
    readOnly?: boolean;
  }
}

/**
 * App-wide: the hook that drops entries when their owner writes anything, on
 * the routes that can write (not GET, HEAD or OPTIONS, not `config.readOnly`) only.
 */
export const dashboardCachePlugin = fp(
  async (app) => {
    const cache = app.services.dashboardCache;
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.config?.readOnly || methods.every((method) => SAFE_METHODS.has(method))) return;
      appendRouteHook(route, 'onSend', (request, reply, payload, done) => {
        if (reply.statusCode < 400 && request.user) cache.invalidateFor(request.user.id, request.user.agencyId);
        done(null, payload);
      });
    });
  },
  { name: 'dashboard-cache' },
);
