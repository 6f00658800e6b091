import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRun } from '../../db/schema/job-run.table';
import type { JobRuns } from './scheduled-job';

/** The `job_run` table: who runs each due time of a scheduled job, and how it ended. */
export class JobRunRepository implements JobRuns {
  constructor(private readonly db: Db) {}

  /**
   * Takes the run of `job` at `dueAt` for `ranBy`. One statement, `INSERT … ON CONFLICT DO
   * NOTHING RETURNING`: when several servers try at once the primary key (job, due_at) lets one
   * row in, and only that server gets it back (true); the others get nothing (false).
   */
  async claim(job: string, dueAt: Date, ranBy: string): Promise<boolean> {
    const rows = await this.db.insert(jobRun).values({ job, dueAt, ranBy }).onConflictDoNothing().returning({ job: jobRun.job });
    return rows.length === 1;
  }

  async finish(job: string, dueAt: Date, result: unknown): Promise<void> {
    await this.db
      .update(jobRun)
      .set({ finishedAt: new Date(), result: result ?? null })
      .where(and(eq(jobRun.job, job), eq(jobRun.dueAt, dueAt)));
  }

  async fail(job: string, dueAt: Date, error: string): Promise<void> {
    await this.db
      .update(jobRun)
      .set({ error })
      .where(and(eq(jobRun.job, job), eq(jobRun.dueAt, dueAt)));
  }
}
