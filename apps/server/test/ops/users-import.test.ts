import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { outbox } from '../../src/db/schema/outbox.table';
import { hasAgencyAdmin, importUsers } from '../../src/commands/users-import';
import type { DbHandle } from '../../src/db/client';
import { createTestDb } from '../helpers/test-app';

const ORIGIN = 'https://portal.insurer.example';

const FILE = [
  'username,name_en,name_km,role,agency_code,agency_name,phone,email,agent_code',
  'imp.admin,Dara Keo,ដារា កែវ,AA,IMP-01,Import Agency One,012 555 101,dara@agency.example,',
  'imp.advisor,"Sok, Chan",សុខ ចាន់,ROLE_AAP,IMP-01,,+85512555102,,IMP-A-001',
  'imp.banca,Vanna Lim,,BK,IMP-02,Import Agency Two,012555103,,IMP-B-001',
].join('\n');

describe('npm run users -- import', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await createTestDb());
  });
  afterAll(() => drop());

  const usernames = ['imp.admin', 'imp.advisor', 'imp.banca'];
  const users = () => handle.db.select().from(appUser).where(inArray(appUser.username, usernames));
  const messages = () => handle.db.select().from(outbox).where(inArray(outbox.username, usernames));

  it('creates agencies and users, each new user getting a set-password link by SMS', async () => {
    expect(await hasAgencyAdmin(handle.db)).toBe(false);
    const report = await importUsers(handle.db, FILE, { publicOrigin: ORIGIN });
    expect(report).toEqual({ ok: true, errors: [], agencies: { created: 2, updated: 0 }, users: { created: 3, updated: 0 }, messages: 3 });

    const rows = await users();
    const advisor = rows.find((u) => u.username === 'imp.advisor')!;
    const [one] = await handle.db.select().from(agency).where(eq(agency.code, 'IMP-01'));
    expect(advisor).toMatchObject({
      displayName: 'Sok, Chan',
      displayNameKh: 'សុខ ចាន់',
      roles: ['ROLE_AAP'],
      agencyId: one!.id,
      phone: '+85512555102',
      agentCode: 'IMP-A-001',
      passwordHash: null,
    });
    expect(rows.find((u) => u.username === 'imp.admin')).toMatchObject({
      roles: ['ROLE_AA'],
      phone: '+85512555101',
      email: 'dara@agency.example',
    });
    expect(await hasAgencyAdmin(handle.db)).toBe(true);

    const sent = await messages();
    expect(sent).toHaveLength(3);
    for (const m of sent) {
      expect(m).toMatchObject({ channel: 'sms', purpose: 'set-password', status: 'pending' });
      expect(m.body).toContain(`${ORIGIN}/auth/signin/forgot-password`);
      expect(m.body).toContain(m.username!);
    }
  });

  it('is idempotent: the same file again changes nothing and sends nothing', async () => {
    const report = await importUsers(handle.db, FILE, { publicOrigin: ORIGIN });
    expect(report).toMatchObject({ ok: true, agencies: { created: 0, updated: 0 }, users: { created: 0, updated: 0 }, messages: 0 });
    expect(await messages()).toHaveLength(3);
  });

  it('updates a changed user without a new message', async () => {
    const report = await importUsers(handle.db, FILE.replace('Vanna Lim', 'Vanna Lim-Chea'), { publicOrigin: ORIGIN });
    expect(report).toMatchObject({ ok: true, users: { created: 0, updated: 1 }, messages: 0 });
    expect((await users()).find((u) => u.username === 'imp.banca')?.displayName).toBe('Vanna Lim-Chea');
  });

  it('refuses the whole file when one row is wrong, listing line, column and reason, and changes nothing', async () => {
    const before = {
      users: (await users()).length,
      agencies: (await handle.db.select().from(agency)).length,
      messages: (await messages()).length,
    };
    const bad = [
      'username,name_en,name_km,role,agency_code,agency_name,phone,email,agent_code',
      'imp.new,New Person,,AAP,IMP-03,Import Agency Three,012 555 104,,',
      'imp.bad,Bad Phone,,AAP,IMP-01,,12,,',
      'imp.bad2,Bad Role,,WIZARD,IMP-01,,012555106,not-an-email,',
      'imp.new,Twice,,AAP,IMP-01,,012555107,,',
      'imp.code,Taken Code,,AAP,IMP-09,,012555108,,IMP-A-001',
    ].join('\n');
    const report = await importUsers(handle.db, bad, { publicOrigin: ORIGIN });
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      { row: 3, column: 'phone', reason: '"12" is not a phone number (e.g. 012 345 678 or +85512345678)' },
      { row: 4, column: 'role', reason: '"WIZARD" is not a role (AAP, BK, AS, AA, TRAINEE, CAN)' },
      { row: 4, column: 'email', reason: '"not-an-email" is not an e-mail address' },
      { row: 5, column: 'username', reason: 'appears already on line 2' },
    ]);
    // The second check (agencies, agent codes) runs once the rows themselves are right.
    const report2 = await importUsers(handle.db, [bad.split('\n')[0], bad.split('\n')[1], bad.split('\n')[5]].join('\n'), {
      publicOrigin: ORIGIN,
    });
    expect(report2.errors).toEqual([
      { row: 3, column: 'agency_name', reason: 'agency IMP-09 does not exist yet: give its name to create it' },
      { row: 3, column: 'agent_code', reason: 'agent code IMP-A-001 belongs to user imp.advisor' },
    ]);
    expect({
      users: (await users()).length,
      agencies: (await handle.db.select().from(agency)).length,
      messages: (await messages()).length,
    }).toEqual(before);
    expect(await handle.db.select().from(appUser).where(eq(appUser.username, 'imp.new'))).toEqual([]);
  });

  it('refuses a name with a control character or a bidirectional override, naming line and column', async () => {
    const file = [
      'username,name_en,name_km,role,agency_code,agency_name,phone,email,agent_code',
      'imp.rtl,Dara \u202EKeo,,AAP,IMP-01,,012 555 111,,',
      'imp.nul,Sok\u0007 Chan,ដារា\u2066,AAP,IMP-01,,012 555 112,,',
    ].join('\n');
    const report = await importUsers(handle.db, file, { publicOrigin: ORIGIN });
    const reason = 'holds a control character or a bidirectional override, which no typed text needs';
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      { row: 2, column: 'name_en', reason },
      { row: 3, column: 'name_en', reason },
      { row: 3, column: 'name_km', reason },
    ]);
    expect(
      await handle.db
        .select()
        .from(appUser)
        .where(inArray(appUser.username, ['imp.rtl', 'imp.nul'])),
    ).toEqual([]);
  });

  it('names a missing required column', async () => {
    const report = await importUsers(handle.db, 'username,name_en,role\nx.y,X,AAP', { publicOrigin: ORIGIN });
    expect(report.errors).toEqual([{ row: 1, column: 'phone', reason: 'this column is missing from the first line' }]);
  });
});
