// Agent product permissions take effect on the sales flows: once the agency admin limits
// an advisor to some products, a proposal for another product is refused on create and update,
// and an application cannot be started from an older proposal for it. Lifting the limit restores both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProductsResponse } from '@portal/domain/contracts/candidates/agent-products';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';

describe('agent product permissions on proposals and applications', () => {
  let w: ProposalsWorld;
  let admin: Advisor;
  beforeAll(async () => {
    w = await proposalsWorld();
    admin = await signInAdvisor(w.t, 'demo.aa');
  }, 120_000);
  afterAll(() => w.t.close());

  async function permit(productCodes: string[]): Promise<void> {
    const now = (await admin.get(`/api/agent-product/v1/find/${w.aap.userId}`)).json() as AgentProductsResponse;
    const saved = await admin.post('/api/agent-product/v1/create', { agentUserId: w.aap.userId, productCodes, version: now.version });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('refuses a product the advisor may not sell with 403 product_not_permitted, and allows it again once permitted', async () => {
    const earlier = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });

    await permit(['LPTL']);
    const refused = await w.aap.post('/api/proposal/v1/create', { lifeInsuredContactId: w.insured.id, ...termQuote() });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ messageKey: 'product_not_permitted' });
    const update = await w.aap.post(`/api/proposal/v1/update/${earlier.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ version: earlier.version }),
    });
    expect(update.statusCode, update.body).toBe(403);
    const application = await w.aap.post('/api/appform/v1/create', { proposalId: earlier.id });
    expect(application.statusCode, application.body).toBe(403);
    // Nothing changed: the proposal keeps its version, and demo.aap has no application.
    expect(((await w.aap.get(`/api/proposal/v1/find/${earlier.id}`)).json() as { version: number }).version).toBe(earlier.version);
    expect(((await w.aap.get('/api/appform/v1/find?page=0&size=50')).json() as { items: unknown[] }).items).toHaveLength(0);

    await permit(['LPTL', 'TERM']);
    expect((await w.aap.post('/api/proposal/v1/create', { lifeInsuredContactId: w.insured.id, ...termQuote() })).statusCode).toBe(201);
    expect((await w.aap.post('/api/appform/v1/create', { proposalId: earlier.id })).statusCode).toBe(201);
  });
});
