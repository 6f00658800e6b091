// Playwright's webServer: the BUILT server (apps/server/dist/server.mjs) on E2E_PORT with a fresh
// temporary DATA_DIR, demo users and the dev outbox. The data folder is removed when the server
// stops. The server's own log goes to .tmp/e2e-server.log (its tail is printed if it dies).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = join(root, 'apps/server/dist/server.mjs');
if (!existsSync(entry)) {
  console.error(`[e2e server] ${entry} is missing: build first (npm run build, or npm test which builds).`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
mkdirSync(join(root, '.tmp'), { recursive: true });
const logPath = join(root, '.tmp', 'e2e-server.log');
const log = createWriteStream(logPath);

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3111',
  HOST: process.env.E2E_HOST ?? '127.0.0.1',
  DATA_DIR: dataDir,
  PORTAL_DEMO: '1',
  PORTAL_DEV_OUTBOX: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // One browser suite loads many pages from one address: the general per-address limit (0 = off)
  // would throttle it. The tighter sign-in/OTP limits of the auth routes still apply.
  RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '0',
};
delete env.DATABASE_URL; // always the embedded PGlite in its fresh folder

// The browser tests' own users (agency-users.spec.ts), imported as an operator imports users
// (`npm run users -- import`), before the server opens the data folder.
const usersFile = join(root, 'e2e/support/files/agency-users.csv');
const imported = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src/commands/users.ts'), 'import', usersFile], {
  cwd: root,
  env,
  encoding: 'utf8',
});
if (imported.status !== 0) {
  console.error(`[e2e server] importing ${usersFile} failed (exit ${imported.status}):\n${imported.stdout}${imported.stderr}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

console.error(`[e2e server] node ${entry} on port ${env.PORT}, DATA_DIR ${dataDir}, log ${logPath}`);
// Same process group: Playwright's graceful shutdown signals the whole group, so the server
// hears SIGTERM once, straight from Playwright; this wrapper only waits and cleans up.
const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout.pipe(log);
server.stderr.pipe(log);

let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    // The data folder is thrown away, so a server that is slow to close can simply be killed.
    setTimeout(() => server.exitCode === null && server.kill('SIGKILL'), 8_000).unref();
  });
}

server.on('exit', (code, signal) => {
  log.end(() => {
    if (!stopping) {
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-60).join('\n');
      console.error(`[e2e server] exited early (code ${code}, signal ${signal}). Last lines of ${logPath}:\n${tail}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(stopping ? 0 : (code ?? 1));
  });
});
