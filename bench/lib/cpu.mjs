// CPU time per request, by process, read from /proc: where a run's CPU went on a machine whose
// cores the load generator, the server and PostgreSQL share. A profile's samples cannot say it
// (a thread that is runnable but waiting for a core is sampled where it stopped, often in a
// socket write); the kernel's own count of user and system time can.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU ms of one process so far (0 when it is gone or /proc is missing). */
function processMs(pid) {
  try {
    // The fields after the command name (which may hold spaces) start at `state`: utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process on this machine (postmaster, backends, WAL writer, autovacuum). */
function postgresPids() {
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
    } catch {
      return false;
    }
  });
}

function thisProcessMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Measures `work` (a run that answers `{ requests }`) and adds `cpu`: the CPU ms per request of
 * `server` (a pid, or null when the work runs in this process), of the PostgreSQL processes (when
 * `postgres`), and of this process (the load generator, or the floor's own work). Linux only;
 * elsewhere `cpu` is left out.
 */
export async function withCpu(work, { server = null, postgres = false }) {
  if (process.platform !== 'linux') return work();
  // Processes that ended during the run are not counted (backends live as long as their pool).
  const before = { server: server ? processMs(server) : 0, db: new Map(), load: thisProcessMs() };
  if (postgres) for (const pid of postgresPids()) before.db.set(pid, processMs(pid));
  const result = await work();
  const load = thisProcessMs() - before.load;
  const serverMs = server ? processMs(server) - before.server : 0;
  let db = 0;
  if (postgres) for (const pid of postgresPids()) db += processMs(pid) - (before.db.get(pid) ?? 0);
  const per = (ms) => Math.round((ms / Math.max(result.requests, 1)) * 1000) / 1000;
  return { ...result, cpu: { server: server ? per(serverMs) : null, db: postgres ? per(db) : null, load: per(load) } };
}
