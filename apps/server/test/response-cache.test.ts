import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type AppInstance } from '../src/app';
import { createDb, type DbHandle } from '../src/db/client';
import { ResponseCache } from '../src/lib/response-cache';
import { contactBody, contactsTestApp, createContact, signInAdvisor, type Advisor } from './contacts/contact-client';
import { LogCapture, testConfig, type TestApp } from './helpers/test-app';

describe('ResponseCache', () => {
  const answer = (body: string) => ({ body });

  it('serves an answer until one of its tags is invalidated, then never again', () => {
    const cache = new ResponseCache();
    cache.set('k', ['a', 'b'], answer('1'), cache.ticket());
    expect(cache.get('k')?.body).toBe('1');
    cache.invalidate('c');
    expect(cache.get('k')?.body).toBe('1');
    cache.invalidate('b');
    expect(cache.get('k')).toBeUndefined();
    // A later answer under the same key is served again.
    cache.set('k', ['a', 'b'], answer('2'), cache.ticket());
    expect(cache.get('k')?.body).toBe('2');
  });

  it('never stores an answer read before an invalidation of its tag (a read racing a write)', () => {
    const cache = new ResponseCache();
    const ticket = cache.ticket(); // the read starts
    cache.invalidate('a'); // a write commits meanwhile
    cache.set('k', ['a'], answer('old'), ticket); // the read ends with the old data
    expect(cache.get('k')).toBeUndefined();
    const after = cache.ticket();
    cache.set('k', ['a'], answer('new'), after);
    expect(cache.get('k')?.body).toBe('new');
  });

  it('expires answers after the TTL and drops the least recently used beyond its size', () => {
    let now = 0;
    const cache = new ResponseCache(1_000, 2, () => now);
    cache.set('x', [], answer('x'), cache.ticket());
    cache.set('y', [], answer('y'), cache.ticket());
    expect(cache.get('x')?.body).toBe('x'); // x is now the most recently used
    cache.set('z', [], answer('z'), cache.ticket());
    expect(cache.get('y')).toBeUndefined();
    expect(cache.get('x')?.body).toBe('x');
    now = 999;
    expect(cache.get('z')?.body).toBe('z');
    now = 1_000;
    expect(cache.get('z')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('lets concurrent callers share one build, but not one begun before an invalidation', async () => {
    const cache = new ResponseCache();
    let builds = 0;
    let release: () => void = () => undefined;
    const build = () => {
      builds += 1;
      const n = builds;
      return new Promise<{ body: string }>((resolve) => {
        release = () => resolve(answer(`v${n}`));
      });
    };
    const first = cache.answer('k', ['a'], build);
    const second = cache.answer('k', ['a'], build);
    expect(builds).toBe(1);
    release();
    expect((await first).body).toBe('v1');
    expect((await second).body).toBe('v1');

    cache.invalidate('a');
    void cache.answer('k', ['a'], build); // build 2 starts (never finished here)
    cache.invalidate('a'); // a write commits while it runs
    const after = cache.answer('k', ['a'], build); // must not join build 2
    expect(builds).toBe(3);
    release(); // releases build 3
    expect((await after).body).toBe('v3');
  });

  it('serves nothing while off, and starts empty when on again (invalidations may have been missed)', () => {
    const cache = new ResponseCache();
    const before = cache.ticket();
    cache.set('k', [], answer('1'), before);
    cache.setEnabled(false);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k2', [], answer('2'), cache.ticket());
    cache.setEnabled(true);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    // An answer whose read began before the channel came back is not stored either.
    cache.set('k', [], answer('3'), before);
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('cached contact lists', () => {
  let t: TestApp;
  let aap: Advisor;
  let aap2: Advisor;

  beforeAll(async () => {
    ({ t, aap, aap2 } = await contactsTestApp());
  });
  afterAll(() => t.close());

  const names = async (advisor: Advisor, q: string): Promise<string[]> => {
    const res = await advisor.get(`/api/contact/v2/find?q=${encodeURIComponent(q)}&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { firstName: string }[] }).items.map((c) => c.firstName).sort();
  };

  it("shows the advisor's own create, update and delete at the very next search and page", async () => {
    expect(await names(aap, 'Vuthy')).toEqual([]);
    const created = await createContact(aap, { firstName: 'Vuthy', lastName: 'Keo' });
    expect(await names(aap, 'Vuthy')).toEqual(['Vuthy']);
    const page = async () =>
      ((await aap.get('/api/contact/v1/page?page=0&size=20')).json() as { items: { id: string; firstName: string }[] }).items;
    expect((await page()).find((c) => c.id === created.id)?.firstName).toBe('Vuthy');

    const updated = await aap.post(
      `/api/contact/v1/update/${created.id}`,
      contactBody({ firstName: 'Vuthea', lastName: 'Keo', version: created.version }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await names(aap, 'Vuth')).toEqual(['Vuthea']);
    expect((await page()).find((c) => c.id === created.id)?.firstName).toBe('Vuthea');

    expect((await aap.post(`/api/contact/v1/remove/${created.id}`)).statusCode).toBe(200);
    expect(await names(aap, 'Vuth')).toEqual([]);
    expect((await page()).some((c) => c.id === created.id)).toBe(false);
  });

  it("keeps each advisor's answers apart", async () => {
    await createContact(aap2, { firstName: 'Rithy', lastName: 'Mao' });
    expect(await names(aap2, 'Rithy')).toEqual(['Rithy']);
    expect(await names(aap, 'Rithy')).toEqual([]);
  });

  it("drops a cached answer when another writer changes the data (the database trigger's NOTIFY)", async () => {
    const contact = await createContact(aap, { firstName: 'Bopha', lastName: 'Lim' });
    expect(await names(aap, 'Bopha')).toEqual(['Bopha']); // now cached

    if (t.handle.kind === 'postgres') {
      // A second server process on the same database removes it; this one never sees the call.
      const other = await secondApp(t.handle);
      try {
        const otherAap = await signInAdvisor({ ...t, app: other.app }, 'demo.aap');
        expect((await otherAap.post(`/api/contact/v1/remove/${contact.id}`)).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    } else {
      // PGlite has one process: a write that bypasses the services (the importer, the retention
      // sweep, an operator's SQL) still notifies through the trigger.
      await t.db.execute(sql`UPDATE contact SET deleted_at = now() WHERE id = ${contact.id}::uuid`);
    }
    await expect.poll(() => names(aap, 'Bopha'), { timeout: 5_000, interval: 50 }).toEqual([]);
  });
});

/** Another app (as another server process would be) on the same PostgreSQL database. */
async function secondApp(handle: DbHandle & { kind: 'postgres' }): Promise<{ app: AppInstance; close(): Promise<void> }> {
  const db = await createDb({ databaseUrl: handle.client.options.connectionString, dataDir: '' }, { poolMax: 2 });
  const app = await buildApp(testConfig(), { db, logStream: new LogCapture() });
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
