// The database floor of a route: the statements the route sent for each request (recorded by
// record-sql.mjs), sent again straight through node-postgres by `connections` concurrent loops
// over a pool of the server's size. Each request's statements run in order on one pooled
// connection, as the route runs them. Same work, no HTTP, no framework, no JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Statements grouped by unit, in the order the units first appear in the file. */
export function readUnits(file) {
  const units = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { unit, ...statement } = JSON.parse(line);
    if (!units.has(unit)) units.set(unit, []);
    units.get(unit).push(statement);
  }
  return units;
}

/**
 * `{ rps, p50, p99, requests, non2xx, errors }` of sending every unit once, `connections` at a
 * time, through a pool of `poolMax` connections (the server's pool size).
 */
export async function sqlFloor({ url, units, connections, poolMax, serverEntry }) {
  const pg = createRequire(serverEntry)('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const list = [...units.values()];
  const latencies = [];
  let next = 0;
  let errors = 0;
  let firstError = null;
  const started = performance.now();
  const loop = async () => {
    while (next < list.length) {
      const statements = list[next++];
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        for (const s of statements) await client.query(s);
      } catch (error) {
        errors++;
        firstError ??= error.message;
      } finally {
        client.release();
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    non2xx: 0,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}
