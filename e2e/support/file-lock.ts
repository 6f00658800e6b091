import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `fn` while holding a lock shared by all worker processes (a folder in the temp dir;
 * a lock older than `staleMs` is taken over, in case a worker died holding it).
 */
export async function withFileLock<T>(name: string, fn: () => Promise<T>, { waitMs = 90_000, staleMs = 60_000 } = {}): Promise<T> {
  const lock = join(tmpdir(), `portal-e2e-${name.replace(/[^\w.-]/g, '_')}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > staleMs) rmdirSync(lock);
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`lock ${lock} still held after ${waitMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(lock);
  }
}
