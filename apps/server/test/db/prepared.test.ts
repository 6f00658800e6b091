/**
 * Named (prepared) statements, db/prepared.ts: the same rows as an unnamed statement on either
 * database, the statement parsed once per connection, errors as PostgreSQL raised them with
 * the connection usable after them, a transaction's queries kept in it, and concurrent callers
 * served one exchange at a time behind the arrival queue.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/ambient-transaction';
import { createDb, type DbHandle } from '../../src/db/client';
import { executePrepared } from '../../src/db/prepared';
import { createTestDb } from '../helpers/test-app';

type Echo = { label: string; n: number; id: string | null; flag: boolean; doc: { tag: string } };

const echo = (label: string, n: number, id: string | null, flag: boolean) => sql`
  SELECT ${label}::text AS label, ${n}::int * 2 AS n, ${id}::uuid AS id, ${flag}::boolean AS flag,
    json_build_object('tag', ${label}::text || '-' || ${n}::int) AS doc`;

describe('executePrepared', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await createTestDb());
  });
  afterAll(() => drop());

  it('answers the rows an unnamed statement answers, call after call with other values', async () => {
    // More calls than PostgreSQL's five custom plans before it may choose a generic one.
    for (let i = 0; i < 9; i++) {
      const id = i % 3 === 0 ? null : randomUUID();
      const query = echo(`ក-${i}`, i, id, i % 2 === 0);
      const prepared = await executePrepared<Echo>(handle.db, query);
      const plain = (await handle.db.execute(query)) as unknown as { rows: Echo[] };
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows).toEqual([{ label: `ក-${i}`, n: i * 2, id, flag: i % 2 === 0, doc: { tag: `ក-${i}-${i}` } }]);
    }
  });

  it('parses a statement once per connection and keeps it under one name', async () => {
    // One connection, so the statement's one preparation is where the check looks: PGlite has one;
    // on PostgreSQL a pool of one on the same database.
    const single =
      handle.kind === 'pglite'
        ? { db: handle.db, close: async () => {} }
        : await createDb({ databaseUrl: handle.client.options.connectionString, dataDir: '' }, { poolMax: 1 });
    try {
      const marker = `once_${randomUUID().replaceAll('-', '')}`;
      const query = (n: number) => sql`SELECT ${n}::int AS n, ${marker}::text AS marker`;
      for (let n = 0; n < 4; n++) expect((await executePrepared<{ n: number }>(single.db, query(n))).rows).toEqual([{ n, marker }]);
      const prepared = sql`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE ${`%::text AS marker`} AND name LIKE 'portal_%'`;
      const { rows } = (await single.db.execute(prepared)) as unknown as { rows: { name: string; statement: string }[] };
      expect(rows).toHaveLength(1);
      expect(rows[0]?.statement).toBe('SELECT $1::int AS n, $2::text AS marker');
    } finally {
      await single.close();
    }
  });

  it("raises PostgreSQL's error and leaves the connection usable", async () => {
    const divide = (by: number) => sql`SELECT 10 / ${by}::int AS q`;
    const error: unknown = await executePrepared(handle.db, divide(0)).then(
      () => undefined,
      (e: unknown) => e,
    );
    // The error handler reads the SQLSTATE on the error or on its cause (plugins/error-handler.ts).
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    expect(code ?? cause?.code).toBe('22012');
    expect((await executePrepared<{ q: number }>(handle.db, divide(5))).rows).toEqual([{ q: 2 }]);
    const after = (await handle.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows).toEqual([{ one: 1 }]);
  });

  it('joins the transaction it runs in: a rolled-back transaction leaves nothing', async () => {
    const entityId = randomUUID();
    const insert = sql`INSERT INTO audit_log (action, entity, entity_id) VALUES ('read', 'prepared-test', ${entityId}::text) RETURNING entity_id`;
    await expect(
      inTransaction(handle.db, async () => {
        expect((await executePrepared<{ entity_id: string }>(handle.db, insert)).rows).toEqual([{ entity_id: entityId }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const count = sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'prepared-test' AND entity_id = ${entityId}`;
    expect(((await handle.db.execute(count)) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    await executePrepared(handle.db, insert);
    expect(((await handle.db.execute(count)) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
  });

  it('answers each of many concurrent callers with its own rows', async () => {
    const calls = Array.from({ length: 40 }, async (_, i) => {
      const query = echo(`c${i}`, i, null, true);
      const result =
        i % 2 === 0 ? await executePrepared<Echo>(handle.db, query) : ((await handle.db.execute(query)) as unknown as { rows: Echo[] });
      return result.rows[0]?.label;
    });
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 40 }, (_, i) => `c${i}`));
  });
});
