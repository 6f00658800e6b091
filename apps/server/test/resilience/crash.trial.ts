import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/client';
import { contactSaves, pendingUploads, wizardStepSaves, type CrashWorkload } from './crash-workloads';
import { answerTimes, MAX_ANSWER_MS, PgCluster, pgliteDir, SCALE, ServerProcess, sleep, slowAnswers, type Backend } from './harness';
import { recordFigure } from './figures';

/**
 * Crash trials: the built server is SIGKILLed while writers hammer it, TRIALS times
 * with every workload running at once, on each backend (PostgreSQL 15 and PGlite); how many
 * answers took more than MAX_ANSWER_MS, and the slowest, are recorded as figures (the goal is
 * none; PGlite does not meet it yet under all three workloads at once). After each restart every acknowledged
 * write must be there, as acknowledged (an unacknowledged one may or may not be), with its audit
 * row (checked in the database before the restart); at the end,
 * with the server stopped, the storage must hold nothing half-stored, no orphan blob and no
 * damaged blob. Workloads: crash-workloads.ts (contact saves, uploads, the application wizard's step saves).
 */
const TRIALS = Number(process.env.CRASH_TRIALS ?? 3) * SCALE;
/** Acknowledged writes of the workload before a trial's kill may come. */
const MIN_ACKS_PER_TRIAL = 3;
const WORKLOADS: (() => CrashWorkload)[] = [
  contactSaves as () => CrashWorkload,
  () => pendingUploads(50) as CrashWorkload,
  () => wizardStepSaves(8) as CrashWorkload,
];

/** Deterministic kill delays (no Math.random in test tooling either). */
function delays(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return 250 + (x % 1500);
  };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

for (const backendKind of ['postgres', 'pglite'] as const) {
  describe(`crash trials on ${backendKind}`, () => {
    const workloads = WORKLOADS.map((make) => make());
    const what = workloads.map((w) => `${w.concurrency} × ${w.name}`).join(' and ');
    it(
      `survives ${TRIALS} SIGKILLs during ${what} at once: every acknowledged write present and intact with its audit row, nothing half-stored, no orphan blob`,
      async () => {
        let backend: Backend;
        let openDb: () => Promise<DbHandle>;
        if (backendKind === 'postgres') {
          const pg = await new PgCluster().init();
          cleanups.push(() => pg.dispose());
          backend = { kind: 'postgres', url: pg.url };
          openDb = () => createDb({ databaseUrl: pg.url, dataDir: '' });
        } else {
          const dir = pgliteDir();
          cleanups.push(() => dir.remove());
          backend = { kind: 'pglite', dataDir: dir.dataDir };
          openDb = () => createDb({ databaseUrl: undefined, dataDir: dir.dataDir });
        }
        const server = new ServerProcess(backend);
        cleanups.push(() => server.stop());
        await server.start();
        for (const w of workloads) await w.setup(server);
        // Restarts need no demo seeding: the users and policies are stored.
        server.env.PORTAL_DEMO = '0';

        const acks = workloads.map(() => [] as unknown[]);
        const attempted = workloads.map(() => 0);
        const problems: string[] = [];
        const nextDelay = delays(20_261_121 + TRIALS);
        let seq = 0;
        // Every workload at once (16 writers, 50 uploads, 8 wizards): requests take PGlite's one
        // connection in the order they arrived (db/arrival-queue.ts), so none starves.
        slowAnswers.length = 0;
        answerTimes.slowestMs = 0;
        for (let kill = 1; kill <= TRIALS; kill++) {
          let running = true;
          const writers = workloads.flatMap((w, index) =>
            Array.from({ length: w.concurrency }, async () => {
              while (running) {
                attempted[index] = (attempted[index] ?? 0) + 1;
                const ack = await w.write(server, seq++);
                if (ack !== undefined) acks[index]?.push(ack);
              }
            }),
          );
          // Kill once every workload has had writes acknowledged in this trial (so the kill lands
          // among writes in flight, whatever the machine's speed), plus a pseudo-random 0-0.5 s.
          const before = acks.map((a) => a.length);
          const deadline = Date.now() + 60_000;
          const short = () => acks.some((a, i) => a.length - (before[i] ?? 0) < MIN_ACKS_PER_TRIAL);
          while (Date.now() < deadline && short()) await sleep(20);
          await sleep(nextDelay() % 500);
          running = false;
          server.kill('SIGKILL');
          await server.waitExit();
          await Promise.all(writers);
          // Every write acknowledged so far has its audit row (written in the write's own transaction).
          const db = await openDb();
          try {
            for (const [i, v] of workloads.entries()) {
              for (const p of await v.verifyAudit(db.db, acks[i] ?? [])) problems.push(`kill ${kill}, ${v.name}, audit: ${p}`);
            }
          } finally {
            await db.close();
          }
          await server.start();
          // Every write acknowledged so far, of every workload, survives this kill too.
          for (const [i, v] of workloads.entries()) {
            for (const p of await v.verifyAcks(server, acks[i] ?? [])) problems.push(`kill ${kill}, ${v.name}: ${p}`);
          }
        }
        // How long answers took under the load: a figure, with the goal of none over MAX_ANSWER_MS.
        recordFigure('crash-answer-times', {
          backend: backendKind,
          overGoal: slowAnswers.length,
          goalMs: MAX_ANSWER_MS,
          slowestMs: answerTimes.slowestMs,
        });
        console.warn(
          `[crash] answers on ${backendKind}: slowest ${answerTimes.slowestMs} ms; ${slowAnswers.length} over ${MAX_ANSWER_MS} ms${slowAnswers.length > 0 ? ` (${slowAnswers.slice(0, 3).join('; ')} …)` : ''}`,
        );
        await server.stop();
        const handle = await openDb();
        try {
          for (const [index, w] of workloads.entries()) {
            for (const p of await w.verifyStorage(handle.db, acks[index] ?? [])) problems.push(`storage, ${w.name}: ${p}`);
          }
        } finally {
          await handle.close();
        }
        for (const [index, w] of workloads.entries()) {
          const acknowledged = acks[index]?.length ?? 0;
          const lost = problems.filter((p) => p.includes(w.name)).length;
          recordFigure('crash', {
            workload: w.name,
            backend: backendKind,
            trials: TRIALS,
            attempted: attempted[index],
            acknowledged,
            problems: lost,
          });
          console.warn(
            `[crash] ${w.name} on ${backendKind}: ${TRIALS} SIGKILLs during it, ${attempted[index]} writes attempted, ${acknowledged} acknowledged, ${lost} problems`,
          );
          expect(acknowledged, `${w.name}: some writes were acknowledged before the kills`).toBeGreaterThan(0);
        }
        expect(problems).toEqual([]);
      },
      30 * 60_000,
    );
  });
}
