// The production build bundles our own workspaces and loads every npm package from node_modules
// (build.mjs), so a package the server's code imports must be a runtime dependency: an install
// without dev dependencies would otherwise fail at start-up. And a dependency nothing imports is
// dead weight in every install.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The server's source files that production runs (tests and commands aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `pino` of `pino/file`, `@fastify/static` of `@fastify/static/x`: the package a bare specifier names. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Bare specifiers of static imports, re-exports and dynamic imports (type-only imports excluded). */
function importedPackages(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\.resolve\(\s*'([^']+)'/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      if (match[2]) continue;
      const specifier = match[3] ?? match[4] ?? match[5];
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('@portal/')) continue;
      const name = packageOf(specifier);
      if (!found.has(name)) found.set(name, file.slice(SERVER.length + 1));
    }
  }
  return found;
}

describe('the server package', () => {
  const runtime = importedPackages(sources(join(SERVER, 'src')));

  it('lists every package its code imports as a runtime dependency', () => {
    const missing = [...runtime].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('depends at run time only on packages its code imports', () => {
    const unused = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@portal/') && !runtime.has(name));
    expect(unused).toEqual([]);
  });
});
