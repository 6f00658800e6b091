import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDb, type Db } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import { appUser } from '../../src/db/schema/app-user.table';
import { outbox } from '../../src/db/schema/outbox.table';
import { seedDemo } from '../../src/db/seed-demo';
import { importDemoPolicies } from '../../src/importers/demo-policies';
import { findRepoRoot } from '../../src/lib/repo-root';
import { PostgresBlobStore } from '../../src/providers/blob/postgres-blob-store';
import { tempDir } from '../helpers/test-app';

const root = findRepoRoot();

/** Runs one of the repository's npm scripts' commands the way `npm run` does (tsx), with DATA_DIR set. */
function command(script: 'backup' | 'restore', args: string[], dataDir: string) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' as const };
  return spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, `apps/server/src/commands/${script}.ts`), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** Row count of every table of the public schema, by name. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as unknown as {
    rows: { tablename: string }[];
  };
  const counts: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${tablename}"`))) as unknown as { rows: { n: number }[] };
    counts[tablename] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe('npm run backup / npm run restore (PGlite)', () => {
  const work = tempDir('portal-backup-');
  const source = join(work.path, 'source');
  const target = join(work.path, 'restored');
  const file = join(work.path, 'backups', 'portal.pglite.tar.gz');
  let before: Record<string, number>;
  let blobId: string;
  const blobBytes = Buffer.from('%PDF-1.4 stored file for the backup test \u{1F4C4}');

  beforeAll(async () => {
    const handle = await createDb({ databaseUrl: undefined, dataDir: source });
    try {
      await migrateDb(handle);
      await seedDemo(handle.db);
      await importDemoPolicies(handle.db);
      blobId = (await new PostgresBlobStore(handle.db).put({ data: blobBytes, mediaType: 'application/pdf' })).id;
      await handle.db.insert(outbox).values({ to: '+85512999001', channel: 'sms', purpose: 'login', body: 'backup test message' });
      before = await tableCounts(handle.db);
    } finally {
      await handle.close();
    }
  });
  afterAll(() => work.remove());

  it('backs up a stopped PGlite database with every kind of record, and restores it into a new folder', async () => {
    for (const table of ['agency', 'app_user', 'policy', 'policy_coverage', 'blob', 'outbox']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const backup = command('backup', [file], source);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(file);
    expect(existsSync(file)).toBe(true);

    const restore = command('restore', [file, `--data-dir=${target}`], join(work.path, 'unused'));
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const handle = await createDb({ databaseUrl: undefined, dataDir: target });
    try {
      expect(await tableCounts(handle.db)).toEqual(before);
      const [user] = await handle.db.select().from(appUser).where(eq(appUser.username, 'demo.aap'));
      expect(user).toMatchObject({ username: 'demo.aap', displayName: 'Sokha Chan' });
      const blob = await new PostgresBlobStore(handle.db).get(blobId);
      expect(blob?.data.equals(blobBytes)).toBe(true);
      const [message] = await handle.db.select().from(outbox).where(eq(outbox.to, '+85512999001'));
      expect(message?.body).toBe('backup test message');
      // Nothing left to migrate: the restored database is at the code's schema.
      await migrateDb(handle);
    } finally {
      await handle.close();
    }
  });

  it('refuses to restore into a folder that is not empty, and changes nothing there', () => {
    const busy = join(work.path, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'x');
    const restore = command('restore', [file, `--data-dir=${busy}`], busy);
    expect(restore.status).toBe(73);
    expect(restore.stderr).toMatch(/not empty/);
    expect(existsSync(join(busy, 'pgdata'))).toBe(false);
  });

  it('refuses a file that is not a backup', () => {
    const junk = join(work.path, 'junk.bin');
    writeFileSync(junk, 'hello');
    const restore = command('restore', [junk, `--data-dir=${join(work.path, 'fresh')}`], work.path);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/not a portal backup/);
  });
});
