import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['test/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      {
        test: {
          name: 'server', root: 'apps/server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false,
        },
      },
      // `npm run test:resilience` (scripts/resilience.mjs): the built server killed, starved, flooded.
      {
        test: {
          name: 'resilience', root: 'apps/server', include: ['test/resilience/**/*.trial.ts'],
          testTimeout: 30 * 60_000, hookTimeout: 5 * 60_000, fileParallelism: false,
        },
      },
    ],
  },
});
