import fp from 'fastify-plugin';
import { RETENTION_FIRST_SWEEP_AFTER_MS, RETENTION_SWEEP_EVERY_MS } from './retention.policy';

/**
 * The retention sweep: a minute after the server is ready, then every hour. The timers do not
 * keep the process alive and stop when the app closes; a failed sweep is logged and retried at
 * the next tick (nothing depends on it finishing). Tests call `app.services.retention.sweep(now)`.
 */
export const retentionPlugin = fp(
  async (app) => {
    const service = app.services.retention;

    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const removed = await service.sweep();
        const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
        if (total > 0) app.log.info({ removed }, 'retention sweep');
      } catch (err) {
        app.log.warn({ err }, 'retention sweep failed; retrying at the next tick');
      }
    };
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        void run().finally(() => schedule(RETENTION_SWEEP_EVERY_MS));
      }, delay);
      timer.unref();
    };

    app.addHook('onReady', async () => schedule(RETENTION_FIRST_SWEEP_AFTER_MS));
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'retention' },
);
