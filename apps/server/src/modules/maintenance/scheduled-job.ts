import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';

/** Where the runs of scheduled jobs are claimed and recorded (job-run.repository.ts: the `job_run` table). */
export interface JobRuns {
  /** True for exactly one caller per job and due time, whichever server it runs in. */
  claim(job: string, dueAt: Date, ranBy: string): Promise<boolean>;
  finish(job: string, dueAt: Date, result: unknown): Promise<void>;
  fail(job: string, dueAt: Date, error: string): Promise<void>;
}

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** The shortest and longest interval a job may have (the longest keeps every wait within one Node timer). */
export const MIN_EVERY_MS = 1000;
export const MAX_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/** The first due time strictly after `afterMs`: the next whole multiple of `everyMs` since the epoch. */
export function nextDueAt(afterMs: number, everyMs: number): number {
  return (Math.floor(afterMs / everyMs) + 1) * everyMs;
}

/**
 * The most a server's wake-up is put off past a due time, at random, so that the servers do not
 * all insert at the same instant: a second, or a tenth of a shorter interval (so a wake-up never
 * lands on the next due time).
 */
export function maxJitterMs(everyMs: number): number {
  return Math.min(1000, Math.floor(everyMs / 10));
}

export interface ScheduledJobOptions {
  /** Names the job in `job_run.job` and in the log. */
  name: string;
  everyMs: number;
  /** The work; gets the due time (not the moment it started) and answers what `job_run.result` records. */
  run: (dueAt: Date) => Promise<unknown>;
  runs: JobRuns;
  log: JobLog;
  /** Who claims, in `job_run.ran_by`; default `${hostname}:${pid}`. */
  ranBy?: string;
}

/** How one due time went in this server: ran it, another server had it, or it ran here and failed (or could not be claimed). */
export type DueOutcome = 'ran' | 'taken' | 'failed';

/**
 * A job run once per due time across every server sharing the database. The due times are the
 * whole multiples of `everyMs` since the epoch, the same in every server whenever it started.
 * Each server wakes at each due time (plus a little jitter) and claims it in `job_run`; the one
 * whose claim went in runs the job and records the result, the others do nothing until the next
 * due time. A failed run is logged and recorded; the next due time runs as usual.
 *
 * Due times that passed while no server was running (or while this one was still busy) are not
 * made up afterwards: each run of the jobs scheduled here covers everything due by then (the
 * retention sweep deletes every row past its period, however old), so one run at the next due
 * time does the work of the missed ones.
 */
export class ScheduledJob {
  private readonly ranBy: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly options: ScheduledJobOptions) {
    if (!(Number.isInteger(options.everyMs) && options.everyMs >= MIN_EVERY_MS && options.everyMs <= MAX_EVERY_MS))
      throw new RangeError(`${options.name}: the interval must be a whole number of ms from ${MIN_EVERY_MS} to ${MAX_EVERY_MS}`);
    this.ranBy = options.ranBy ?? `${hostname()}:${process.pid}`;
  }

  /** Wakes at every due time from now on until stop(). The timer does not keep the process alive. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.scheduleAfter(Date.now());
  }

  /** Stops waking and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims `dueAt` and, when this server got it, runs the job and records how it ended. Never throws. */
  async runDue(dueAt: Date): Promise<DueOutcome> {
    const { name: job, runs, log } = this.options;
    let claimed: boolean;
    try {
      claimed = await runs.claim(job, dueAt, this.ranBy);
    } catch (err) {
      log.warn({ err, job, dueAt }, 'scheduled job not claimed (database error); trying again at the next due time');
      return 'failed';
    }
    if (!claimed) return 'taken';
    let result: unknown;
    try {
      result = await this.options.run(dueAt);
    } catch (err) {
      log.warn({ err, job, dueAt }, 'scheduled job failed; it runs again at the next due time');
      await runs
        .fail(job, dueAt, err instanceof Error ? err.message : String(err))
        .catch((recordErr: unknown) => log.warn({ err: recordErr, job, dueAt }, 'scheduled job failure not recorded'));
      return 'failed';
    }
    log.info({ job, dueAt, result }, 'scheduled job ran');
    try {
      await runs.finish(job, dueAt, result);
    } catch (err) {
      log.warn({ err, job, dueAt }, 'scheduled job ran but its end was not recorded');
    }
    return 'ran';
  }

  /** Sets the timer for the first due time after `afterMs`. */
  private scheduleAfter(afterMs: number): void {
    const { everyMs } = this.options;
    const dueAt = nextDueAt(afterMs, everyMs);
    const delay = Math.max(0, dueAt - Date.now()) + randomInt(0, maxJitterMs(everyMs) + 1);
    this.timer = setTimeout(() => {
      this.running = this.runDue(new Date(dueAt)).finally(() => {
        this.running = undefined;
        // The due time just handled, or now if later: a due time passed meanwhile is skipped.
        if (!this.stopped) this.scheduleAfter(Math.max(Date.now(), dueAt));
      });
    }, delay);
    this.timer.unref();
  }
}
