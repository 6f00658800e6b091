// A throwaway PostgreSQL 15 for the benchmark: initdb (UTF-8, so Khmer trigram search works) in a
// temporary folder, on a free loopback port, as the `postgres` user when we are root (initdb
// refuses root). Default durability settings: the figures should be those of a real server.
import { existsSync, mkdtempSync, rmSync, chownSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, run } from './proc.mjs';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

const isRoot = () => process.getuid?.() === 0;

function pgUser() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** `[command, args]` that runs a PostgreSQL binary as the postgres user when we are root. */
function asPg(binary, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, binary), ...args]] : [join(PG_BIN, binary), args];
}

/** Why a local PostgreSQL cannot be started here, or null when it can. */
export function postgresUnavailable() {
  if (!existsSync(join(PG_BIN, 'initdb'))) return `${PG_BIN} is missing (apt-get install -y postgresql-15)`;
  if (isRoot() && !pgUser()) return 'no `postgres` user to run initdb as';
  return null;
}

/** Starts PostgreSQL 15; `{ url, stop() }`. The database `portal_bench` is created empty. */
export async function startPostgres(logDir) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
  const user = pgUser();
  if (isRoot() && user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const log = join(logDir, 'postgres.log');
  const pg = (binary, args) => {
    const [command, argv] = asPg(binary, args);
    return run(command, argv, { log, cwd: dir });
  };
  let started = false;
  const stop = async () => {
    if (started) {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']).catch(() =>
        pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {}),
      );
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--locale=C.UTF-8', '--encoding=UTF8']);
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=50`,
      'start',
    ]);
    started = true;
    await pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'portal_bench']);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/portal_bench`, adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
