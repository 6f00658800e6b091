import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

const ENVELOPE_KEYS = new Set(['code', 'messageKey', 'errors', 'retryAfter']);

/** What is wrong with an error answer's body: it must be exactly the envelope of DESIGN.md §3. */
export function envelopeProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    problems.push(`content-type ${String(res.headers['content-type'])}`);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return [...problems, `not JSON: ${res.body.slice(0, 120)}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, 'envelope is not an object'];
  const envelope = body as Record<string, unknown>;
  const extra = Object.keys(envelope).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length > 0) problems.push(`extra keys ${extra.join(', ')}`);
  if (typeof envelope.code !== 'number' && typeof envelope.code !== 'string') problems.push('no code');
  if (typeof envelope.messageKey !== 'string' || !/^[a-z][a-z0-9_.:]*$/.test(envelope.messageKey))
    problems.push(`bad messageKey ${String(envelope.messageKey)}`);
  if (envelope.errors !== undefined) {
    const errors = envelope.errors;
    if (!Array.isArray(errors)) problems.push('errors is not a list');
    else {
      for (const e of errors as unknown[]) {
        const item = e as Record<string, unknown>;
        if (typeof item?.field !== 'string' || typeof item?.key !== 'string' || Object.keys(item).length !== 2) {
          problems.push(`bad field error ${JSON.stringify(e).slice(0, 80)}`);
          break;
        }
        if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(item.key as string)) problems.push(`bad field error key ${String(item.key)}`);
      }
    }
  }
  return problems;
}

/** Traces of internals: stack frames, source paths, exception text, SQL, the ORM and driver names. */
const LEAK_PATTERNS: readonly [string, RegExp][] = [
  ['stack frame', /\bat \S+ \(|\bat (?:async )?[\w.<>]+ \(?\/|\n\s+at /],
  ['source path', /\.(?:ts|js|mjs|cjs):\d+|\/(?:src|node_modules|srv|home|work)\//],
  ['exception text', /\b(?:Type|Syntax|Range|Reference)?Error: |Exception:|\bstack\b/],
  ['SQL', /\bSELECT\b|\bINSERT INTO\b|\bUPDATE \S+ SET\b|\bDELETE FROM\b|duplicate key|violates .* constraint|relation "/i],
];

/** Only error answers: names of the framework, ORM and driver (success answers are data, which may hold any word). */
const ERROR_ONLY_LEAK_PATTERNS: readonly [string, RegExp][] = [
  ['ORM / driver', /drizzle|pglite|node-postgres|\bpg_|zod|fastify|FST_ERR/i],
  ["'at '", /\bat /],
];

/**
 * Leaks in a response body. Error answers get every pattern, including a bare `at ` (the
 * envelope has no prose at all); success answers are data and get the structural ones only.
 */
export function leakProblems(res: LightMyRequestResponse): string[] {
  const body = res.body;
  const patterns = res.statusCode >= 400 ? [...LEAK_PATTERNS, ...ERROR_ONLY_LEAK_PATTERNS] : LEAK_PATTERNS;
  return patterns.filter(([, re]) => re.test(body)).map(([name]) => `leaks ${name}: ${body.slice(0, 160)}`);
}

/** Row count and content hash of every table of the public schema, in one statement. */
export async function tableSnapshot(db: Db): Promise<Map<string, string>> {
  const tables = (
    (await db.execute(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name
  `)) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  if (tables.length === 0) return new Map();
  const parts = tables.map((name) => {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    return `SELECT '${name.replaceAll("'", "''")}' AS t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS v FROM ${quoted} x`;
  });
  const result = (await db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as { rows: { t: string; v: string }[] };
  return new Map(result.rows.map((r) => [r.t, r.v]));
}

/** Tables whose count or content differ between two snapshots, with the counts. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((n) => before.get(n) !== after.get(n))
    .map(
      (n) =>
        `${n}: ${before.get(n)?.split(':')[0] ?? '-'} -> ${after.get(n)?.split(':')[0] ?? '-'} rows${before.get(n)?.split(':')[0] === after.get(n)?.split(':')[0] ? ' (content changed)' : ''}`,
    );
}
