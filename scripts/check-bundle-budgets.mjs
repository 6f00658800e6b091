#!/usr/bin/env node
// Front-end size budgets, checked on the production build of apps/web:
//   - initial JS of the sign-in screen (entry + the auth area's chunk, with everything they
//     import statically, React included) <= 200 KB as sent on the wire;
//   - initial JS of the signed-in shell (entry + the app-shell layout chunk + the dashboard
//     area's chunk, the first screen after sign-in) <= 200 KB on the wire;
//   - every lazy chunk (an area's screens, a lazily loaded component) <= 50 KB on the wire (its own
//     file; the table also shows what a first visit adds to the signed-in shell, shared chunks
//     such as zod and the form library included).
// "On the wire" is what Chromium downloads: the server sends the brotli file the build writes
// beside each asset (`<file>.br`, @fastify/static preCompressed), so that file's size is counted.
// Reads apps/web/dist/.vite/manifest.json (vite `build.manifest`). Prints a table, ends with
// `N passed, N failed`, exits 1 when a budget is exceeded or the build is missing.
//
//   node scripts/check-bundle-budgets.mjs [--json <file>]    (--json: { passed, failed, budgets })
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
const KB = 1024;

export const BUDGETS = {
  initialKb: 200,
  lazyKb: 50,
  /** The lazy chunks the first screens load: sign-in (auth area); the signed-in frame and the dashboard (home area). */
  signInChunks: ['src/features/auth/screens.tsx'],
  shellChunks: ['src/app/layouts/app-shell-layout.tsx', 'src/features/dashboard/screens.tsx'],
  /** Chunks that may be missing (the layout is part of the entry when it is not lazy). */
  optional: ['src/app/layouts/app-shell-layout.tsx'],
};

function fail(message) {
  console.error(`[budgets] ${message}`);
  process.exitCode = 1;
}

/** Bytes on the wire: the pre-compressed `.br` beside the file, else the file compressed with brotli at the build's quality. */
function wireSize(file, cache) {
  if (!cache.has(file)) {
    const br = join(DIST, `${file}.br`);
    const size = existsSync(br)
      ? readFileSync(br).length
      : brotliCompressSync(readFileSync(join(DIST, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    cache.set(file, size);
  }
  return cache.get(file);
}

/** Keys of the manifest entry and everything it imports statically (not its dynamic imports). */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const jsFiles = (manifest, keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));

export function checkBudgets(manifest) {
  const cache = new Map();
  const size = (files) => files.reduce((sum, f) => sum + wireSize(f, cache), 0);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const results = [];
  const initial = (name, lazyKeys) => {
    const missing = lazyKeys.filter((k) => !manifest[k] && !BUDGETS.optional.includes(k));
    if (missing.length > 0) {
      results.push({ name, limitKb: BUDGETS.initialKb, kb: null, ok: false, note: `${missing.join(', ')} not in the build` });
      return new Set();
    }
    const keys = new Set(closure(manifest, entry));
    for (const key of lazyKeys) closure(manifest, key, keys);
    const files = jsFiles(manifest, keys);
    const bytes = size(files);
    results.push({ name, limitKb: BUDGETS.initialKb, kb: bytes / KB, ok: bytes <= BUDGETS.initialKb * KB, note: `${files.length} files` });
    return keys;
  };
  initial('initial JS: sign-in screen', BUDGETS.signInChunks);
  const shell = initial('initial JS: signed-in shell (dashboard)', BUDGETS.shellChunks);
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .sort()) {
    const own = wireSize(manifest[key].file, cache);
    const added = jsFiles(
      manifest,
      [...closure(manifest, key)].filter((k) => !shell.has(k)),
    );
    const note = shell.has(key) ? 'part of the shell' : `first visit adds ${(size(added) / KB).toFixed(1)} KB (${added.length} files)`;
    results.push({ name: `lazy: ${key}`, limitKb: BUDGETS.lazyKb, kb: own / KB, ok: own <= BUDGETS.lazyKb * KB, note });
  }
  return results;
}

function main() {
  const jsonAt = process.argv.indexOf('--json');
  const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;
  let results;
  if (!existsSync(MANIFEST)) {
    fail(`${MANIFEST} is missing: build the web app first (npm run build -w @portal/web)`);
    results = [{ name: 'web build with a manifest', limitKb: null, kb: null, ok: false, note: 'missing' }];
  } else {
    results = checkBudgets(JSON.parse(readFileSync(MANIFEST, 'utf8')));
  }
  const rows = results.map((r) => [
    r.ok ? 'ok' : 'OVER',
    r.name,
    r.kb === null ? '-' : `${r.kb.toFixed(1)} KB`,
    r.limitKb === null ? '' : `<= ${r.limitKb} KB`,
    r.note ?? '',
  ]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log('Bundle budgets (bytes on the wire: brotli, as the server sends them):');
  for (const row of rows) console.log(`  ${row.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ passed, failed, budgets: results }, null, 2)}\n`);
  if (failed > 0) process.exitCode = 1;
}

main();
