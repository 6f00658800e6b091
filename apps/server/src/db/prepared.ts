import { createHash } from 'node:crypto';
import { PGlite, parse as pgliteParse, protocol, type Results } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();
/** Statement text -> its name (bounded: the texts come from code, a handful per query shape). */
const names = new Map<string, string>();
const NAMES_MAX = 500;

/** The statement's name, or undefined once NAMES_MAX texts have names (then it runs unnamed). */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < NAMES_MAX) {
    name = `portal_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)`, as a named (server-side prepared) statement: the connection parses and
 * analyses the text once, and the planner may settle on a generic plan. For the large read queries
 * (a policy's whole document) parsing and planning cost many times the execution: on PGlite, where
 * PostgreSQL runs as WebAssembly, a policy's document takes about 1.3 ms prepared against 5.5 ms
 * parsed and planned every time. node-postgres keeps a pooled connection's named statements
 * itself; PGlite (one connection) gets them through its protocol API (`preparedOnPglite`).
 * Inside a transaction (no `$client`: the query must go to the transaction) it is db.execute.
 * The name is derived from the text, so two query shapes never share a name.
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const isPool = client instanceof pg.Pool;
  if (!isPool && !(client instanceof PGlite)) return (await db.execute(query)) as unknown as { rows: T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(text);
  if (!name) return (await db.execute(query)) as unknown as { rows: T[] };
  if (isPool) {
    const result = await client.query({ name, text, values: params as unknown[] });
    return { rows: result.rows as T[] };
  }
  const result = await preparedOnPglite(client as PGlite, name, text, params);
  return { rows: result.rows as T[] };
}

/** Per PGlite instance: the statements it has prepared, with their parameters' type ids. */
const pgliteStatements = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * The extended-protocol exchange of PGlite's own `query` (Parse, Describe, Bind, Describe,
 * Execute, Sync), with a named statement whose Parse and Describe are sent once per instance.
 * `runExclusive` holds PGlite's query and transaction locks for the exchange (our client's
 * `runExclusive` also waits its turn in the arrival queue, db/arrival-queue.ts); parameters are
 * serialised and rows parsed by the instance's own serializers and parsers, as `query` does.
 */
function preparedOnPglite(client: PGlite, name: string, text: string, params: unknown[]): Promise<Results> {
  const { serialize } = protocol;
  return client.runExclusive(async () => {
    let statements = pgliteStatements.get(client);
    if (!statements) pgliteStatements.set(client, (statements = new Map()));
    const quiet = { syncToFs: false };
    const messages: Parameters<typeof pgliteParse.parseResults>[0] = [];
    try {
      let types = statements.get(name);
      if (!types) {
        await client.execProtocol(serialize.parse({ name, text }), quiet);
        types = pgliteParse.parseDescribeStatementResults(
          (await client.execProtocol(serialize.describe({ type: 'S', name }), quiet)).messages,
        );
        statements.set(name, types);
      }
      const statementTypes = types;
      const values = params.map((value, i) => {
        if (value == null) return null;
        const serializer = client.serializers[statementTypes[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await client.execProtocol(serialize.bind({ statement: name, values }), quiet)).messages);
      messages.push(...(await client.execProtocol(serialize.describe({ type: 'P' }), quiet)).messages);
      messages.push(...(await client.execProtocol(serialize.execute({}), quiet)).messages);
    } finally {
      messages.push(...(await client.execProtocol(serialize.sync())).messages);
    }
    const [result] = pgliteParse.parseResults(messages, client.parsers);
    if (!result) throw new Error('PGlite answered no result for a prepared statement');
    return result;
  });
}
