// Volume policies for the servicing routes: N policies (BENCH_POLICIES, default 100,000)
// with 10 payments each (1,000,000) for the benchmark advisor, through
// apps/server/src/commands/seed-policy-volume.ts. Tops up to N, so a kept BENCH_DATA_DIR reloads nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { logPath, ROOT, run } from './proc.mjs';

const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SEED_POLICIES = join(ROOT, 'apps/server/src/commands/seed-policy-volume.ts');

/** How many volume policies the run loads (numbers V000000001 … V<N>). */
export const BENCH_POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
export const PAYMENTS_PER_POLICY = 10;

export async function seedPolicyVolume(db, logDir, advisor = 'demo.aap') {
  if (!existsSync(TSX)) throw new Error(`${TSX} is missing: run npm install`);
  const env = { ...process.env, PORTAL_DEMO: '1', DATA_DIR: db.dataDir };
  delete env.DATABASE_URL;
  if (db.kind === 'postgres') env.DATABASE_URL = db.url;
  const args = [SEED_POLICIES, '--policies', String(BENCH_POLICIES), '--payments', String(PAYMENTS_PER_POLICY), '--advisor', advisor];
  await run(TSX, args, { env, log: logPath(logDir, `seed-policies-${db.kind}`), echo: true });
}

/** Volume policy numbers spread over the loaded range (the detail route cycles through them). */
export function volumePolicyNumbers(count = 10) {
  const n = Math.max(1, BENCH_POLICIES);
  return Array.from({ length: Math.min(count, n) }, (_, i) => `V${String(1 + Math.floor((i * n) / Math.min(count, n))).padStart(9, '0')}`);
}
