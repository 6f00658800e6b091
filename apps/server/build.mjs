// Bundles the server into dist/server.mjs (ESM, Node 20). Our workspace packages (@portal/*,
// TypeScript sources) are bundled; every npm package stays external and is loaded from
// node_modules at run time. The SQL migrations are copied next to the bundle (dist/migrations),
// where src/db/migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

/** Bare imports are npm packages (external) unless they are our own workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: [join(here, 'src/server.ts')],
  outfile: join(dist, 'server.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });

const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
console.log(`[build] dist/server.mjs + migrations in ${Date.now() - started} ms (${Math.round(bytes / 1024)} KiB incl. source map)`);
