/**
 * The migrations match the tables: `drizzle-kit generate` over a copy of the migrations folder
 * finds nothing to write. A table changed without its migration fails here (and so in CI), not
 * on a database that then lacks the column. The second case proves the check sees drift: with the
 * last migration that changed a table left out of the copy (with any after it), generate writes one.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', '..');
const MIGRATIONS = join(SERVER, 'src', 'db', 'migrations');
const DRIZZLE_KIT = join(SERVER, '..', '..', 'node_modules', '.bin', 'drizzle-kit');
const run = promisify(execFile);
const copies: string[] = [];

/** A copy of the migrations folder under apps/server/.tmp (drizzle-kit wants `--out` relative to its folder). */
function copyOfMigrations(name: string): string {
  const relative = join('.tmp', `drift-${name}-${process.pid}`);
  const dir = join(SERVER, relative);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(MIGRATIONS, dir, { recursive: true });
  copies.push(dir);
  return relative;
}

async function generate(out: string): Promise<string[]> {
  await run(DRIZZLE_KIT, ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema/*.table.ts', '--out', out], {
    cwd: SERVER,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return readdirSync(join(SERVER, out)).filter((f) => f.endsWith('.sql'));
}

/** JSON with every object's keys sorted: two snapshots of the same tables compare equal whatever order drizzle-kit wrote. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('migrations and tables', () => {
  it('drizzle-kit generate finds nothing the migrations lack', async () => {
    const before = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
    const after = await generate(copyOfMigrations('same'));
    expect(after.sort()).toEqual(before.sort());
  }, 60_000);

  it('sees a table change that has no migration', async () => {
    const out = copyOfMigrations('behind');
    const dir = join(SERVER, out);
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
    const snapshot = (idx: number) => join(dir, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);
    const tables = (idx: number) => canonical((JSON.parse(readFileSync(snapshot(idx), 'utf8')) as { tables: unknown }).tables);
    // The last migration whose snapshot's tables differ from the one before (hand-written SQL changes none).
    const idx = journal.entries.map((e) => e.idx);
    const cut = idx.findLastIndex((n, i) => i > 0 && tables(n) !== tables(idx[i - 1] ?? n));
    expect(cut).toBeGreaterThan(0);
    for (const entry of journal.entries.splice(cut)) {
      rmSync(join(dir, `${entry.tag}.sql`));
      rmSync(snapshot(entry.idx));
    }
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    const after = await generate(out);
    expect(after).toHaveLength(journal.entries.length + 1);
  }, 60_000);
});
