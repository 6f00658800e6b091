import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

type Rows<T> = { rows: T[] };

/** Row count of every table in the public schema (cheap: no content hashing of blobs). */
export async function tableCounts(db: Db): Promise<Map<string, number>> {
  const tables = (
    (await db.execute(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name
  `)) as unknown as Rows<{ table_name: string }>
  ).rows.map((r) => r.table_name);
  if (tables.length === 0) return new Map();
  const parts = tables.map(
    (name) => `SELECT '${name.replaceAll("'", "''")}' AS t, count(*)::int AS n FROM "${name.replaceAll('"', '""')}"`,
  );
  const result = (await db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as Rows<{ t: string; n: number }>;
  return new Map(result.rows.map((r) => [r.t, Number(r.n)]));
}

/** Tables whose row count differs, as `table: before -> after`. */
export function countChanges(before: Map<string, number>, after: Map<string, number>, ignore: readonly string[] = []): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((n) => !ignore.includes(n) && before.get(n) !== after.get(n))
    .map((n) => `${n}: ${before.get(n) ?? '-'} -> ${after.get(n) ?? '-'}`);
}

/**
 * Blobs no row refers to. Generic: every foreign-key column in the public schema that references
 * `blob(id)` is found in the catalogue, so a table another area adds (application documents,
 * candidate files) is included the day its migration lands.
 */
export async function orphanBlobIds(db: Db): Promise<string[]> {
  const refs = (
    (await db.execute(sql`
    SELECT cl.relname AS table_name, att.attname AS column_name
    FROM pg_constraint con
    JOIN pg_class cl ON cl.oid = con.conrelid
    JOIN pg_namespace ns ON ns.oid = cl.relnamespace
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'f' AND con.confrelid = 'public.blob'::regclass AND ns.nspname = 'public'
  `)) as unknown as Rows<{ table_name: string; column_name: string }>
  ).rows;
  const referenced = refs.map((r) => `SELECT "${r.column_name}" AS id FROM "${r.table_name}"`);
  const query =
    referenced.length === 0
      ? 'SELECT id::text FROM blob'
      : `SELECT b.id::text FROM blob b WHERE NOT EXISTS (SELECT 1 FROM (${referenced.join(' UNION ALL ')}) r WHERE r.id = b.id)`;
  return ((await db.execute(sql.raw(query))) as unknown as Rows<{ id: string }>).rows.map((r) => r.id);
}

/** Blobs whose stored size or SHA-256 does not match their bytes (a half-written blob). */
export async function damagedBlobIds(db: Db): Promise<string[]> {
  const rows = (
    (await db.execute(sql`
    SELECT id::text FROM blob WHERE size <> octet_length(data) OR sha256 <> encode(sha256(data), 'hex')
  `)) as unknown as Rows<{ id: string }>
  ).rows;
  return rows.map((r) => r.id);
}

/**
 * Stored file names that could act as a path or break a header: every text column whose name
 * ends in `file_name`, in any table (generic like orphanBlobIds).
 */
export async function unsafeStoredFileNames(db: Db): Promise<string[]> {
  const cols = (
    (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name LIKE '%file_name' AND data_type = 'text'
  `)) as unknown as Rows<{ table_name: string; column_name: string }>
  ).rows;
  const bad: string[] = [];
  for (const c of cols) {
    const rows = (
      (await db.execute(
        sql.raw(
          `SELECT "${c.column_name}" AS v FROM "${c.table_name}" WHERE "${c.column_name}" ~ '[/\\\\[:cntrl:]]' OR "${c.column_name}" LIKE '.%' OR length("${c.column_name}") > 100`,
        ),
      )) as unknown as Rows<{ v: string }>
    ).rows;
    for (const r of rows) bad.push(`${c.table_name}.${c.column_name}: ${JSON.stringify(r.v)}`);
  }
  return bad;
}
