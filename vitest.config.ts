import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: each server test file has its own in-memory PGlite (or its own
    // PostgreSQL database), so files do not share state; this halves the API suite on 2 cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          // *.test.tsx are component tests: each names its environment (`// @vitest-environment jsdom`).
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          // Files share a worker's module cache: each file builds its own app and database
          // (createTestApp), and importing the server anew per file was most of the suite's CPU
          // time (13 files: 112 s of CPU isolated, 58 s shared).
          isolate: false,
        },
      },
      // `npm run test:resilience` (scripts/resilience.mjs): the built server killed, starved, flooded.
      {
        test: {
          name: 'resilience',
          root: 'apps/server',
          include: ['test/resilience/**/*.trial.ts'],
          testTimeout: 30 * 60_000,
          hookTimeout: 5 * 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
