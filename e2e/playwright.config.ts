import { defineConfig, devices } from '@playwright/test';

// The BUILT server (npm run build first; `npm test` does) on its own port with a fresh data
// folder, driven by Debian's Chromium. Never `playwright install`: the machines have no route to
// its browser downloads.
const port = Number(process.env.E2E_PORT ?? 3111);
const isCI = Boolean(process.env.CI);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  // On CI a test that fails is run once more; one that passes then is reported as flaky (named in
  // npm test's and .ci/run's failure list) and still counts as passed. A test that fails twice fails.
  retries: isCI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    // localhost (not 127.0.0.1) is the secure-context host the passkey flows expect.
    baseURL: `http://localhost:${port}`,
    trace: isCI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // The service worker's install fetches and caches the whole app: only the tests of offline
    // use, and of a page closing under a service worker, allow it (test.use, or the options of a
    // context the test makes, which otherwise inherits this block).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    // PGlite's first start (~3 s), migrations, the browser tests' users import (~10 s) and the demo
    // seed; generous for a busy 2-core CI.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
