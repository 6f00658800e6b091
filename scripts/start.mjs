#!/usr/bin/env node
// `npm start`: the embedded demo. Makes sure Chromium is there (the server renders PDFs with it),
// builds the web app and the server when their sources changed, then runs the built server with
// demo users and the dev outbox switched on (unless the environment says otherwise).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { buildIfStale } from './lib/build.mjs';
import { DEMO_PASSWORD, DEMO_USERS } from './lib/demo-users.mjs';
import { ROOT } from './lib/proc.mjs';

const env = { ...process.env };
env.PORTAL_DEMO ??= '1';
env.PORTAL_DEV_OUTBOX ??= '1';
env.PORT ??= '3000';
env.DATA_DIR ??= './.data';

if (!(await ensureChromium())) {
  console.warn('[start] going on without Chromium: the portal runs, but PDFs cannot be rendered.');
}

for (const part of ['web', 'server']) {
  const code = await buildIfStale(part);
  if (code !== 0) {
    console.error(`[start] the ${part} build failed (exit ${code}).`);
    process.exit(code);
  }
}

const entry = join(ROOT, 'apps/server/dist/server.mjs');
if (!existsSync(entry)) {
  console.error(`[start] ${entry} is missing after the build.`);
  process.exit(1);
}

// Its own process group, so that Ctrl+C reaches the server once, through us, and not a second
// time straight from the terminal (a second signal may mean "stop now" to a server that is
// closing its database).
const server = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: 'inherit', detached: true });

// Forward stop signals. npm and the terminal may both deliver the same Ctrl+C, so repeats
// within half a second count once; a later one is forwarded again.
let lastForward = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    const now = Date.now();
    if (now - lastForward < 500) return;
    lastForward = now;
    if (server.exitCode === null) server.kill(sig);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
});

const host = !env.HOST || ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(env.HOST) ? 'localhost' : env.HOST;
const url = `http://${host}:${env.PORT}`;

if (await waitForHealth(`${url}/api/health`, 120_000)) printWelcome();
else console.warn(`[start] ${url}/api/health has not answered after 2 minutes; the server log above says why.`);

function waitForHealth(healthUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const attempt = () => {
      if (server.exitCode !== null) return resolve(false);
      const req = get(healthUrl, { timeout: 2_000 }, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve(true);
        else retry();
      });
      req.on('timeout', () => req.destroy());
      req.on('error', retry);
    };
    const retry = () => (Date.now() > deadline ? resolve(false) : setTimeout(attempt, 500));
    attempt();
  });
}

function printWelcome() {
  const lines = ['', `  Advisor portal: ${url}`, `  API docs:       ${url}/api/docs`, ''];
  if (env.PORTAL_DEMO === '1') {
    lines.push(`  Demo users (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.username.padEnd(13)} ${u.role.padEnd(13)} ${u.who}`);
    lines.push('');
  }
  if (env.PORTAL_DEV_OUTBOX === '1') {
    lines.push('  The one-time password is not sent anywhere in demo mode; read it from the dev outbox:');
    lines.push(`    curl '${url}/api/dev/outbox?to=demo.aap'`);
    lines.push('');
  }
  lines.push(`  Data: ${env.DATA_DIR}   Stop: Ctrl+C`, '');
  console.log(lines.join('\n'));
}
