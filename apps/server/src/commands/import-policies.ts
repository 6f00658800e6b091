/**
 * Imports a policy feed (apps/server/src/importers/POLICY_FEED.md):
 *
 *   npx tsx apps/server/src/commands/import-policies.ts <file> [--json] [--rebase-to=YYYY-MM-DD]
 *
 * Uses the server's environment (DATABASE_URL, or the PGlite files under DATA_DIR: stop the
 * server first, PGlite is one process's database). Migrates the database if needed (and with
 * PORTAL_DEMO=1 seeds the demo users the demo feed names), imports,
 * prints the report (a summary and every rejected record; `--json`: the report as JSON) and exits
 * 0 when every record was imported, 3 when some were rejected, 65 when the file is not a policy
 * feed, 1 on any other failure.
 */
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateDb } from '../db/migrate';
import { seedDemo } from '../db/seed-demo';
import { FeedFormatError, readPolicyFeedFile } from '../importers/policy-feed-reader';
import { importPolicyFeed } from '../importers/policy-importer';

function usage(): never {
  process.stderr.write('usage: import-policies <file> [--json] [--rebase-to=YYYY-MM-DD]\n');
  process.exit(64);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) usage();
  const json = args.includes('--json');
  const rebaseTo = args.find((a) => a.startsWith('--rebase-to='))?.slice('--rebase-to='.length);
  if (rebaseTo !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(rebaseTo)) usage();

  const config = loadConfig();
  const handle = await createDb(config);
  try {
    await migrateDb(handle);
    // PORTAL_DEMO=1: the demo advisors the demo feed names must exist.
    if (config.demo) await seedDemo(handle.db);
    const feed = await readPolicyFeedFile(file);
    const started = Date.now();
    const report = await importPolicyFeed(handle.db, feed, rebaseTo ? { rebaseTo } : {});
    if (json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const lines = [
        `policy feed ${file}${report.asOf ? ` (as of ${report.asOf})` : ''}: ${report.read} records in ${Date.now() - started} ms`,
        `  inserted ${report.inserted}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected}`,
        ...report.rejections.map(
          (r) => `  rejected #${r.index}${r.policyNumber ? ` ${r.policyNumber}` : ''}: ${r.field || '(record)'} ${r.key}`,
        ),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return report.rejected > 0 ? 3 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof FeedFormatError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(65);
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error instanceof ConfigError ? 78 : 75);
    }
    process.stderr.write(`import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
