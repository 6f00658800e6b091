// Scheduled jobs (modules/maintenance/scheduled-job.ts): the due-time arithmetic, and servers that
// share one record of runs, on a fake clock with an in-memory stand-in for the job_run table.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_EVERY_MS,
  MIN_EVERY_MS,
  ScheduledJob,
  maxJitterMs,
  nextDueAt,
  type JobLog,
  type JobRuns,
} from '../src/modules/maintenance/scheduled-job';

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => Date.parse(iso);

describe('due times', () => {
  it('are the whole multiples of the interval since the epoch, the next one strictly after the moment given', () => {
    expect(nextDueAt(0, 1000)).toBe(1000);
    expect(nextDueAt(999, 1000)).toBe(1000);
    expect(nextDueAt(1000, 1000)).toBe(2000);
    expect(nextDueAt(at('2026-06-15T03:20:07.250Z'), HOUR)).toBe(at('2026-06-15T04:00:00.000Z'));
    expect(nextDueAt(at('2026-06-15T03:00:00.000Z'), HOUR)).toBe(at('2026-06-15T04:00:00.000Z'));
    expect(nextDueAt(at('2026-06-15T03:00:01.500Z'), 2000)).toBe(at('2026-06-15T03:00:02.000Z'));
  });

  it('are the same for servers started at different moments, and never more than one interval away', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_EVERY_MS, max: MAX_EVERY_MS }),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.integer({ min: 0, max: MAX_EVERY_MS }),
        (every, moment, later) => {
          const due = nextDueAt(moment, every);
          expect(due % every).toBe(0);
          expect(due).toBeGreaterThan(moment);
          expect(due - moment).toBeLessThanOrEqual(every);
          // A second server starting before that due time wakes at the same one.
          const other = Math.min(moment + later, due - 1);
          expect(nextDueAt(other, every)).toBe(due);
        },
      ),
    );
  });

  it('put a wake-up off by at most a second, and by less than a tenth of a short interval', () => {
    expect(maxJitterMs(HOUR)).toBe(1000);
    expect(maxJitterMs(2000)).toBe(200);
    expect(maxJitterMs(MIN_EVERY_MS)).toBe(100);
  });

  it('refuses an interval outside 1 s to 7 days', () => {
    const options = { name: 'x', run: async () => null, runs: memoryRuns().runs, log: quietLog() };
    for (const everyMs of [0, 999, 1500.5, MAX_EVERY_MS + 1])
      expect(() => new ScheduledJob({ ...options, everyMs }), String(everyMs)).toThrow(RangeError);
  });
});

/** The job_run table's rule in memory: the first claim of a job and due time wins. */
function memoryRuns() {
  const rows = new Map<string, { ranBy: string; result?: unknown; error?: string }>();
  const claims: { ranBy: string; dueAt: number; won: boolean }[] = [];
  const key = (job: string, dueAt: Date) => `${job}@${dueAt.getTime()}`;
  const runs: JobRuns = {
    async claim(job, dueAt, ranBy) {
      const won = !rows.has(key(job, dueAt));
      if (won) rows.set(key(job, dueAt), { ranBy });
      claims.push({ ranBy, dueAt: dueAt.getTime(), won });
      return won;
    },
    async finish(job, dueAt, result) {
      rows.get(key(job, dueAt))!.result = result;
    },
    async fail(job, dueAt, error) {
      rows.get(key(job, dueAt))!.error = error;
    },
  };
  return { runs, rows, claims };
}

function quietLog(): JobLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (_details, message) => warnings.push(message) };
}

describe('a scheduled job on several servers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each due time once, on whichever server claimed it, however many servers wake for it', async () => {
    const start = at('2026-06-15T03:00:00.400Z');
    vi.useFakeTimers({ now: start });
    const store = memoryRuns();
    const ran: { server: string; dueAt: number }[] = [];
    const servers = ['a:1', 'b:2', 'c:3'].map(
      (ranBy) =>
        new ScheduledJob({
          name: 'retention',
          everyMs: 1000,
          ranBy,
          runs: store.runs,
          log: quietLog(),
          run: async (dueAt) => {
            ran.push({ server: ranBy, dueAt: dueAt.getTime() });
            return { removed: 0 };
          },
        }),
    );
    for (const server of servers) server.start();

    // Five due times (plus the most jitter a one-second interval allows).
    await vi.advanceTimersByTimeAsync(5 * 1000 + maxJitterMs(1000));
    for (const server of servers) await server.stop();

    const dueTimes = [1, 2, 3, 4, 5].map((n) => at('2026-06-15T03:00:00.000Z') + n * 1000);
    expect(ran.map((r) => r.dueAt).sort((x, y) => x - y)).toEqual(dueTimes);
    for (const dueAt of dueTimes) {
      const claims = store.claims.filter((c) => c.dueAt === dueAt);
      expect(claims.map((c) => c.ranBy).sort(), `claims of ${dueAt}`).toEqual(['a:1', 'b:2', 'c:3']);
      const winner = claims.filter((c) => c.won);
      expect(winner).toHaveLength(1);
      expect(ran.find((r) => r.dueAt === dueAt)!.server).toBe(winner[0]!.ranBy);
      expect(store.rows.get(`retention@${dueAt}`)).toEqual({ ranBy: winner[0]!.ranBy, result: { removed: 0 } });
    }

    // Stopped: nothing more runs.
    await vi.advanceTimersByTimeAsync(3000);
    expect(ran).toHaveLength(5);
  });

  it('records a failed run, logs it, and runs the next due time as usual', async () => {
    vi.useFakeTimers({ now: at('2026-06-15T03:00:00.000Z') });
    const store = memoryRuns();
    const log = quietLog();
    let calls = 0;
    const job = new ScheduledJob({
      name: 'retention',
      everyMs: 1000,
      ranBy: 'a:1',
      runs: store.runs,
      log,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database went away');
        return { removed: 2 };
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(2000 + maxJitterMs(1000));
    await job.stop();

    expect(store.rows.get(`retention@${at('2026-06-15T03:00:01.000Z')}`)).toEqual({ ranBy: 'a:1', error: 'database went away' });
    expect(store.rows.get(`retention@${at('2026-06-15T03:00:02.000Z')}`)).toEqual({ ranBy: 'a:1', result: { removed: 2 } });
    expect(log.warnings).toEqual(['scheduled job failed; it runs again at the next due time']);
  });

  it('skips a due time it cannot claim (database down) and tries the next one', async () => {
    const store = memoryRuns();
    let down = true;
    const runs: JobRuns = {
      ...store.runs,
      claim: async (...args) => {
        if (down) throw new Error('connection refused');
        return store.runs.claim(...args);
      },
    };
    const log = quietLog();
    const run = vi.fn(async () => null);
    const job = new ScheduledJob({ name: 'retention', everyMs: 1000, ranBy: 'a:1', runs, log, run });
    expect(await job.runDue(new Date(at('2026-06-15T03:00:01.000Z')))).toBe('failed');
    expect(run).not.toHaveBeenCalled();
    down = false;
    expect(await job.runDue(new Date(at('2026-06-15T03:00:02.000Z')))).toBe('ran');
    expect(await job.runDue(new Date(at('2026-06-15T03:00:02.000Z')))).toBe('taken');
    expect(run).toHaveBeenCalledTimes(1);
    expect(log.warnings).toHaveLength(1);
  });

  it('waits for a run in progress when stopped', async () => {
    vi.useFakeTimers({ now: at('2026-06-15T03:00:00.000Z') });
    let release: () => void = () => {};
    let finished = false;
    const job = new ScheduledJob({
      name: 'retention',
      everyMs: 1000,
      runs: memoryRuns().runs,
      log: quietLog(),
      run: () =>
        new Promise((resolve) => {
          release = () => {
            finished = true;
            resolve(null);
          };
        }),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1000 + maxJitterMs(1000));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });
});
