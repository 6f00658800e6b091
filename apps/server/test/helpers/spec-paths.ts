import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../../src/lib/repo-root';

/**
 * The API paths of the spec's "## 7. Calls" section: lines starting with `- /api/`, with their
 * `(...)` comments removed; `{id}`-style parameters kept.
 */
export function specApiPaths(specFile = join(findRepoRoot(), 'docs/spec/portal-spec.md')): string[] {
  const text = readFileSync(specFile, 'utf8');
  const start = text.indexOf('## 7. Calls');
  if (start === -1) throw new Error(`No "## 7. Calls" section in ${specFile}`);
  const rest = text.slice(start + 1);
  const next = rest.search(/^## /m);
  const section = next === -1 ? rest : rest.slice(0, next);
  return section
    .split('\n')
    .filter((line) => line.startsWith('- /api/'))
    .map((line) =>
      line
        .slice(2)
        .replace(/\([^)]*\)/g, '')
        .trim(),
    );
}
