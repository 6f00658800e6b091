import fp from 'fastify-plugin';

/**
 * The retention sweep as a scheduled job (`app.services.retentionSweep`, scheduled-job.ts): at
 * every due time (RETENTION_SWEEP_EVERY_MS, an hour by default) exactly one of the servers sharing
 * the database runs it. The timer starts when the app is ready, does not keep the process alive,
 * and stops when the app closes (after a sweep in progress). Tests call
 * `app.services.retention.sweep(now)` directly.
 */
export const retentionPlugin = fp(
  async (app) => {
    const job = app.services.retentionSweep;
    app.addHook('onReady', async () => job.start());
    // Before the database closes (plugins close in reverse order).
    app.addHook('onClose', async () => job.stop());
  },
  { name: 'retention' },
);
