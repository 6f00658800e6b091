import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Runs of the scheduled background jobs (modules/maintenance/scheduled-job.ts): one row per job and
 * due time. Every server sharing the database wakes at each due time and inserts this row; the
 * primary key lets exactly one insert through, and only that server runs the job. `finished_at`
 * and `result` are written when the run succeeds; a failed run keeps `finished_at` null and
 * records `error`. The retention sweep drops rows after RETENTION.jobRunsMs.
 */
export const jobRun = pgTable(
  'job_run',
  {
    /** The job's name, e.g. `retention`. */
    job: text('job').notNull(),
    /** The due time this run is for: a whole multiple of the job's interval since the epoch. */
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The server that claimed it: `${hostname}:${pid}`. */
    ranBy: text('ran_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** What the job answered (the retention sweep: rows removed per table). */
    result: jsonb('result'),
    /** Why the run failed (the error's message). */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.dueAt] })],
);

export type JobRunRow = typeof jobRun.$inferSelect;
