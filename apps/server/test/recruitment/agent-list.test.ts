// The agency admin's list of agents: every advisor (and trainee) of the admin's own agency, by
// name, whether they came through recruitment or not, each saying whether a product list limits
// them — the way to their product permissions. Staff, candidates, disabled users and other
// agencies' people are not on it; advisors may not read it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_LIST_ROLES } from '@portal/domain/codes/roles';
import type { AgentListResponse, AgentProductsResponse } from '@portal/domain/contracts/candidates/agent-products';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const LIST = '/api/agent-product/v1/agents';

describe('the agency admin lists the agency’s agents', () => {
  let t: TestApp;
  let admin: Advisor;
  let advisor: Advisor;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
    admin = await signInAdvisor(t, 'demo.aa');
    advisor = await signInAdvisor(t, 'demo.aap');
  }, 120_000);
  afterAll(() => t.close());

  /** The active advisors and trainees of demo.aa's agency, as the database holds them, by name. */
  async function expectedNames(): Promise<string[]> {
    const [me] = await t.db.select({ agencyId: appUser.agencyId }).from(appUser).where(eq(appUser.username, 'demo.aa'));
    const people = await t.db.select().from(appUser).where(eq(appUser.agencyId, me!.agencyId!));
    return people
      .filter((p) => p.status !== 'disabled' && p.roles.some((r) => (PRODUCT_LIST_ROLES as readonly string[]).includes(r)))
      .map((p) => p.displayName)
      .sort((a, b) => a.localeCompare(b, 'en'));
  }

  it('lists every advisor of the agency by name, and only them', async () => {
    const res = await admin.get(LIST);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as AgentListResponse;
    const names = await expectedNames();
    expect(names.length).toBeGreaterThan(1);
    expect(items.map((i) => i.displayName)).toEqual(names);
    expect(items.find((i) => i.id === advisor.userId)).toMatchObject({ restricted: false, productCount: 0 });
    // Nobody of another agency, no agency staff.
    const others = await t.db
      .select({ id: appUser.id })
      .from(appUser)
      .innerJoin(agency, eq(agency.id, appUser.agencyId))
      .where(inArray(appUser.username, ['demo.trainee', 'demo.can', 'demo.as', 'demo.aa2']));
    expect(others.length).toBe(4);
    for (const other of others) expect(items.map((i) => i.id)).not.toContain(other.id);
  });

  it('says who a product list limits, and leaves out a disabled advisor', async () => {
    const now = (await admin.get(`/api/agent-product/v1/find/${advisor.userId}`)).json() as AgentProductsResponse;
    const saved = await admin.post('/api/agent-product/v1/create', {
      agentUserId: advisor.userId,
      productCodes: ['LPTL', 'TERM'],
      version: now.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const limited = ((await admin.get(LIST)).json() as AgentListResponse).items.find((i) => i.id === advisor.userId);
    expect(limited).toMatchObject({ restricted: true, productCount: 2 });

    const [gone] = await t.db
      .update(appUser)
      .set({ status: 'disabled' })
      .where(eq(appUser.username, 'demo.aap2'))
      .returning({ id: appUser.id });
    const after = ((await admin.get(LIST)).json() as AgentListResponse).items;
    expect(after.map((i) => i.id)).not.toContain(gone!.id);
    expect(after.map((i) => i.displayName)).toEqual(await expectedNames());
  });

  it('is the agency admin’s alone', async () => {
    expect((await advisor.get(LIST)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});
