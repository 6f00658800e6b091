/**
 * npm run restore -- FILE [--data-dir=DIR]: restores a backup of `npm run backup`. A PGlite
 * backup goes into DIR (default DATA_DIR), which must not exist or be empty; a pg_dump backup
 * goes into the database at DATABASE_URL, which must hold no tables. The server applies any
 * newer migrations when it starts. Exit 0 done, 64 usage, 73 target not empty, 1 failure.
 */
import { resolve } from 'node:path';
import { backupKind, BackupError, restorePglite, restorePostgres } from './backup-restore';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run restore -- FILE [--data-dir=DIR]');
    return 64;
  }
  const dataDirArg = args.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  // The environment as the server reads it; not loadConfig(), which would create DATA_DIR/jwt-secret.
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const kind = backupKind(resolve(file));
  if (kind === 'pglite') {
    const dataDir = resolve(dataDirArg ?? process.env.DATA_DIR ?? './.data');
    await restorePglite(resolve(file), dataDir);
    process.stdout.write(`restored into ${dataDir}\n`);
  } else {
    if (!databaseUrl) throw new BackupError('a pg_dump backup needs DATABASE_URL (an empty database to restore into)');
    await restorePostgres(resolve(file), databaseUrl);
    process.stdout.write('restored into the database at DATABASE_URL\n');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore failed: ${(error as Error).message}`);
    process.exit(error instanceof BackupError && /not empty/.test(error.message) ? 73 : 1);
  },
);
