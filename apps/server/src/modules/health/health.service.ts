import { APP_VERSION } from '@portal/domain/version';
import type { HealthRepository } from './health.repository';

/**
 * What the public health probes answer (anonymous callers included): the version and whether
 * the database answers, and how fast. Nothing about the deployment: not the database kind, not
 * the environment (SECURITY.md; a caller that needs the kind takes it from its own configuration).
 */
export interface Health {
  status: 'ok' | 'degraded';
  version: string;
  database: { ok: boolean; latencyMs: number };
}

const DB_TIMEOUT_MS = 2_000;

export class HealthService {
  constructor(private readonly repository: HealthRepository) {}

  async check(): Promise<Health> {
    const started = performance.now();
    let ok = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.repository.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), DB_TIMEOUT_MS);
        }),
      ]);
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
    }
    return {
      status: ok ? 'ok' : 'degraded',
      version: APP_VERSION,
      database: { ok, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
  }
}
