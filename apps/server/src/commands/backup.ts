/**
 * npm run backup [-- FILE]: a consistent backup of the portal's database, stored files included
 * (commands/backup-restore.ts). Uses the server's environment: DATABASE_URL (pg_dump, while the
 * server runs), else the PGlite files under DATA_DIR (stop the server first). FILE defaults to
 * ./backups/portal-<date-time>.pglite.tar.gz or .pgdump. Exit 0 done, 75 DATA_DIR in use, 1 failure.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { backupPglite, backupPostgres } from './backup-restore';

async function main(): Promise<number> {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(process.argv[2] ?? `backups/portal-${stamp}.${config.databaseUrl ? 'pgdump' : 'pglite.tar.gz'}`);
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
  } else {
    await backupPglite(config.dataDir, file);
  }
  process.stdout.write(`backup written: ${file}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof DataDirLockedError) console.error(`${error.message}\nStop the server before a PGlite backup.`);
    else console.error(`backup failed: ${(error as Error).message}`);
    process.exit(error instanceof DataDirLockedError ? 75 : 1);
  },
);
