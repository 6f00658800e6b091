// Builds the web app and the server, skipping a build whose output is newer than every
// one of its inputs, so that `npm start` restarts fast. PORTAL_FORCE_BUILD=1 always builds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './proc.mjs';

const SHARED_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/i18n/src',
  'packages/i18n/locales',
];

export const BUILDS = {
  web: {
    workspace: '@portal/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...SHARED_INPUTS,
    ],
  },
  server: {
    workspace: '@portal/server',
    output: 'apps/server/dist/server.mjs',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED_INPUTS],
  },
};

/** Newest modification time (ms) under a file or folder; 0 when it does not exist. */
function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function isUpToDate(name) {
  const { output, inputs } = BUILDS[name];
  const built = newestMtime(join(ROOT, output));
  if (built === 0) return false;
  return inputs.every((input) => newestMtime(join(ROOT, input)) < built);
}

/** Builds one part unless it is up to date; resolves with the build's exit code (0 when skipped). */
export async function buildIfStale(name, { force = process.env.PORTAL_FORCE_BUILD === '1', timeoutMs = 0 } = {}) {
  const { workspace } = BUILDS[name];
  if (!force && isUpToDate(name)) {
    console.log(`[build] ${name}: up to date, skipped (PORTAL_FORCE_BUILD=1 builds anyway)`);
    return 0;
  }
  console.log(`[build] ${name}: npm run build -w ${workspace}`);
  return run('npm', ['run', 'build', '-w', workspace], { timeoutMs, label: `build ${name}` });
}
