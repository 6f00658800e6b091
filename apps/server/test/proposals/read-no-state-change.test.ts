// A read never changes state: agency staff opening a proposal's payment code or its benefit
// illustration leave its status where it was; the selling advisor opening them moves it
// (presented, then paymentRequested), once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/domain/codes/roles';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { authClient } from '../auth/auth-client';
import { bearerFor, createTestApp, type TestApp } from '../helpers/test-app';
import { createContact, type Advisor } from '../contacts/contact-client';
import { createProposal, termQuote } from './proposal-client';

describe('reading a proposal as agency staff', () => {
  let t: TestApp;
  const people: Record<string, Advisor> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const [office] = await t.db.insert(agency).values({ code: 'AG-RO-01', name: 'Read-only Agency', nameKh: 'ភ្នាក់ងារ' }).returning();
    const agencyId = (office as { id: string }).id;
    const roles: Record<string, Role> = { seller: 'ROLE_AAP', admin: 'ROLE_AA', service: 'ROLE_AS' };
    for (const [name, role] of Object.entries(roles)) {
      const [row] = await t.db
        .insert(appUser)
        .values({
          username: `${name}.${randomUUID().slice(0, 8)}`,
          displayName: name,
          roles: [role],
          agencyId,
          agentCode: `X${name.slice(0, 3)}01`,
        })
        .returning({ id: appUser.id });
      const userId = (row as { id: string }).id;
      const token = (await bearerFor(t, { sub: userId, roles: [role], agencyId })).authorization.slice('Bearer '.length);
      const client = authClient(t);
      people[name] = { userId, get: (url) => client.get(url, { token }), post: (url, body) => client.post(url, body ?? {}, { token }) };
    }
  }, 60_000);
  afterAll(() => t.close());

  const statusOf = async (id: string) => ((await people.seller?.get(`/api/proposal/v1/find/${id}`))?.json() as ProposalResponse).status;

  it('leaves the status as it was; the selling advisor opening them moves it', async () => {
    const seller = people.seller as Advisor;
    const insured = await createContact(seller, { dateOfBirth: '10/05/1990' });
    const proposal = await createProposal(seller, { lifeInsuredContactId: insured.id, ...termQuote() });
    expect(proposal.status).toBe('quoted');

    for (const staff of [people.admin, people.service] as Advisor[]) {
      const payment = await staff.get(`/api/proposal/v1/opc-payment/${proposal.proposalNumber}`);
      expect(payment.statusCode, payment.body).toBe(200);
      const report = await staff.get(`/api/proposal/v1/find/report/${proposal.id}?lang=en`);
      expect(report.statusCode, report.body.slice(0, 200)).toBe(200);
      expect(await statusOf(proposal.id)).toBe('quoted');
    }
    const version = ((await seller.get(`/api/proposal/v1/find/${proposal.id}`)).json() as ProposalResponse).version;
    expect(version).toBe(proposal.version);

    expect((await seller.get(`/api/proposal/v1/find/report/${proposal.id}?lang=en`)).statusCode).toBe(200);
    expect(await statusOf(proposal.id)).toBe('presented');
    expect((await seller.get(`/api/proposal/v1/opc-payment/${proposal.proposalNumber}`)).statusCode).toBe(200);
    expect(await statusOf(proposal.id)).toBe('paymentRequested');
  });
});
