// The retention sweep as a scheduled job: two servers on one database (in one process here, as
// several processes share one PostgreSQL) both wake at every due time of a one-second interval;
// job_run gets one row per due time and the sweep runs once per due time, in one of them.
import { hostname } from 'node:os';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRun } from '../src/db/schema/job-run.table';
import type { RetentionSweepResult } from '../src/modules/maintenance/retention.service';
import { createTestApp, type TestApp } from './helpers/test-app';

const EVERY_MS = 1000;
/** Due times both servers must have woken for before the test looks. */
const CONTESTED = 3;

interface Watch {
  claims: { dueAt: number; won: boolean }[];
  sweeps: { dueAt: number; result: RetentionSweepResult }[];
}

/** Records, for one server, every claim it made and every sweep it ran (both still do their work). */
function watch(t: TestApp): Watch {
  const w: Watch = { claims: [], sweeps: [] };
  const { jobRuns, retention } = t.app.services;
  const claim = jobRuns.claim.bind(jobRuns);
  vi.spyOn(jobRuns, 'claim').mockImplementation(async (job, dueAt, ranBy) => {
    const won = await claim(job, dueAt, ranBy);
    w.claims.push({ dueAt: dueAt.getTime(), won });
    return won;
  });
  const sweep = retention.sweep.bind(retention);
  vi.spyOn(retention, 'sweep').mockImplementation(async (now) => {
    const result = await sweep(now);
    w.sweeps.push({ dueAt: now!.getTime(), result });
    return result;
  });
  return w;
}

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ config: { retentionSweepEveryMs: EVERY_MS } });
  b = await createTestApp({ db: a.handle, config: { retentionSweepEveryMs: EVERY_MS } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('retention sweep across servers', () => {
  it('runs once per due time: one job_run row each, claimed by one server, swept by that one', async () => {
    const watches = [watch(a), watch(b)];
    await Promise.all([a.app.ready(), b.app.ready()]);
    const bothReady = Date.now();

    // Both servers woke for CONTESTED due times after both were ready, and each of those was swept.
    const contested = () => {
      const [ofA, ofB] = watches.map((w) => new Set(w.claims.filter((c) => c.dueAt > bothReady).map((c) => c.dueAt)));
      const swept = new Set(watches.flatMap((w) => w.sweeps.map((s) => s.dueAt)));
      return [...ofA!].filter((dueAt) => ofB!.has(dueAt) && swept.has(dueAt));
    };
    await vi.waitFor(() => expect(contested().length).toBeGreaterThanOrEqual(CONTESTED), { timeout: 20_000, interval: 100 });
    // What onClose does: no more wake-ups, and the sweep in progress (and its record) finished.
    await Promise.all([a.app.services.retentionSweep.stop(), b.app.services.retentionSweep.stop()]);

    const rows = await a.db
      .select({
        dueAt: jobRun.dueAt,
        ranBy: jobRun.ranBy,
        finishedAt: jobRun.finishedAt,
        result: jobRun.result,
        error: jobRun.error,
      })
      .from(jobRun)
      .where(eq(jobRun.job, 'retention'))
      .orderBy(asc(jobRun.dueAt));
    const dueTimes = rows.map((r) => r.dueAt.getTime());
    expect(rows.length).toBeGreaterThanOrEqual(CONTESTED);
    for (const dueAt of dueTimes) expect(dueAt % EVERY_MS, new Date(dueAt).toISOString()).toBe(0);

    // One sweep per row, for that row's due time, in the server whose claim went in.
    const sweeps = watches.flatMap((w) => w.sweeps);
    expect(sweeps.map((s) => s.dueAt).sort((x, y) => x - y)).toEqual(dueTimes);
    for (const [i, row] of rows.entries()) {
      const dueAt = dueTimes[i]!;
      const winners = watches.filter((w) => w.claims.some((c) => c.dueAt === dueAt && c.won));
      expect(winners, new Date(dueAt).toISOString()).toHaveLength(1);
      const sweep = winners[0]!.sweeps.find((s) => s.dueAt === dueAt);
      expect(sweep, `the claiming server swept ${new Date(dueAt).toISOString()}`).toBeDefined();
      expect(row).toMatchObject({ ranBy: `${hostname()}:${process.pid}`, result: sweep!.result, error: null });
      expect(row.finishedAt).toBeInstanceOf(Date);
    }
    // Every claim that did not go in was the other server's, for a due time already taken.
    const lost = watches.flatMap((w) => w.claims.filter((c) => !c.won));
    expect(lost.length).toBeGreaterThanOrEqual(CONTESTED);
    for (const claim of lost) expect(dueTimes).toContain(claim.dueAt);
  });
});
