import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb } from '../src/db/migrate';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/db/seed-demo';
import { agency } from '../src/db/schema/agency.table';
import { appUser } from '../src/db/schema/app-user.table';
import { verifyPassword } from '../src/lib/password-hash';
import { createTestApp, type TestApp } from './helpers/test-app';

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('migrations and demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('creates the foundation tables and enables pg_trgm', async () => {
    const tables = await rows<{ table_name: string }>(
      t,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['agency', 'app_user', 'outbox', 'audit_log']));
    const ext = await rows<{ extname: string }>(t, sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    const [khmer] = await rows<{ s: number }>(t, sql`SELECT similarity('ចាន់ សុខា', 'ចាន់ សុខ') AS s`);
    expect(Number(khmer?.s)).toBeGreaterThan(0.3);
  });

  it('applies migrations idempotently', async () => {
    await migrateDb(t.handle);
    const [count] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(Number(count?.n)).toBeGreaterThanOrEqual(2);
  });

  it('seeds two agencies and one user per role, each with a +855 phone and an argon2id hash', async () => {
    const users = await t.db.select().from(appUser);
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
    expect(new Set(users.map((u) => u.phone)).size).toBe(users.length);
    const aap = users.find((u) => u.username === 'demo.aap');
    const aap2 = users.find((u) => u.username === 'demo.aap2');
    expect(aap).toMatchObject({ roles: ['ROLE_AAP'], status: 'active', version: 1 });
    expect(aap?.agencyId).toBe(aap2?.agencyId);
    expect(aap?.displayNameKh).toMatch(/[\u1780-\u17FF]/);
    for (const u of users) {
      expect(u.phone).toMatch(/^\+855\d{8,9}$/);
      expect(u.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    expect(await verifyPassword(aap?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(aap?.passwordHash ?? '', 'wrong')).toBe(false);
    expect(await t.db.select().from(agency)).toHaveLength(2);
  });

  it('is idempotent', async () => {
    const before = await t.db.select({ id: appUser.id, hash: appUser.passwordHash }).from(appUser);
    expect(await seedDemo(t.db)).toEqual({ agencies: 0, users: 0 });
    const after = await t.db.select({ id: appUser.id, hash: appUser.passwordHash }).from(appUser);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
  });

  it('keeps usernames lower-case and phones in E.164 (table checks)', async () => {
    await expect(t.db.insert(appUser).values({ username: 'Upper.Case', displayName: 'x' })).rejects.toThrow();
    await expect(t.db.insert(appUser).values({ username: 'bad.phone', displayName: 'x', phone: '012 345 678' })).rejects.toThrow();
  });
});
