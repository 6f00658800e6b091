import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();
/** Statement text -> its name (bounded: the texts come from code, a handful per query shape). */
const names = new Map<string, string>();
const NAMES_MAX = 500;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `portal_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < NAMES_MAX) names.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)`, as a named (server-side prepared) statement on PostgreSQL: each pooled
 * connection parses and analyses the text once, and the planner may settle on a generic plan.
 * For the large read queries (a policy's whole document) parsing and planning cost many times
 * the execution. On PGlite (in process, no cache of statements) it is db.execute.
 * The name is derived from the text, so two query shapes never share a name.
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(query)) as unknown as { rows: T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: nameOf(text), text, values: params as unknown[] });
  return { rows: result.rows as T[] };
}
