import { APP_ENVIRONMENT, APP_VERSION } from '@portal/domain/version';
import type { DbKind } from '../../db/client';
import type { HealthRepository } from './health.repository';

export interface Health {
  status: 'ok' | 'degraded';
  version: string;
  environment: string;
  database: { kind: DbKind; ok: boolean; latencyMs: number };
}

const DB_TIMEOUT_MS = 2_000;

export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly kind: DbKind,
  ) {}

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
      environment: APP_ENVIRONMENT,
      database: { kind: this.kind, ok, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
  }
}
