import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import type { DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import errors from '@portal/i18n/errors.json';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';

let w: ProposalsWorld;

beforeAll(async () => {
  w = await proposalsWorld();
}, 60_000);
afterAll(() => w.t.close());

async function proposalFigures(): Promise<Record<string, number>> {
  const res = await w.aap.get('/api/user/v1/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as DashboardResponse;
  const group = body.groups.find((g) => g.id === 'proposals');
  return Object.fromEntries((group?.figures ?? []).map((f) => [f.id, f.value]));
}

async function applicationFigures(): Promise<Record<string, number>> {
  const body = (await w.aap.get('/api/user/v1/dashboard')).json() as DashboardResponse;
  return Object.fromEntries((body.groups.find((g) => g.id === 'applications')?.figures ?? []).map((f) => [f.id, f.value]));
}

describe('a sale stays as it was sold: the proposal an application was made from is locked', () => {
  it('moves the proposal to applied, refuses its update with a translated 409, and changes nothing', async () => {
    const proposal = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const made = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(made.statusCode, made.body).toBe(201);

    const found = (await w.aap.get(`/api/proposal/v1/find/${proposal.id}`)).json() as ProposalResponse;
    expect(found.status).toBe('applied');
    expect(found.statusHistory.map((h) => h.status)).toEqual(['quoted', 'applied']);

    const res = await w.aap.post(`/api/proposal/v1/update/${proposal.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ faceAmount: '40000', version: found.version }),
    });
    expect(res.statusCode).toBe(409);
    const envelope = res.json() as { messageKey: string };
    expect(envelope.messageKey).toBe('proposal_locked');
    expect((errors as Record<string, { en: string; km: string }>)[envelope.messageKey]?.en).toMatch(/copy/i);
    expect((errors as Record<string, { en: string; km: string }>)[envelope.messageKey]?.km).toMatch(/[\u1780-\u17FF]/);

    const after = (await w.aap.get(`/api/proposal/v1/find/${proposal.id}`)).json() as ProposalResponse;
    expect(after).toMatchObject({ faceAmount: found.faceAmount, version: found.version, status: 'applied' });
  });

  it('a second application from the same proposal is 409 and makes nothing, even when two arrive together', async () => {
    const proposal = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const [a, b] = await Promise.all([
      w.aap.post('/api/appform/v1/create', { proposalId: proposal.id }),
      w.aap.post('/api/appform/v1/create', { proposalId: proposal.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ messageKey: 'proposal_has_application' });
    const again = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(again.statusCode).toBe(409);

    const list = (await w.aap.get(`/api/appform/v1/find?q=${proposal.proposalNumber}&page=0&size=20`)).json() as {
      items: { proposalNumber: string | null }[];
    };
    expect(list.items.filter((i) => i.proposalNumber === proposal.proposalNumber)).toHaveLength(1);
  });

  it('the dashboard counts a sold proposal once, as its application, not still as a proposal', async () => {
    const proposal = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const before = await proposalFigures();
    const appsBefore = await applicationFigures();
    expect(Object.keys(before)).not.toContain('proposals_applied');

    const made = (await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id })).json() as ApplicationResponse;
    expect(made.status).toBe('P');
    const after = await proposalFigures();
    expect(after.proposals_quoted).toBe((before.proposals_quoted ?? 0) - 1);
    expect((await applicationFigures()).applications_P).toBe((appsBefore.applications_P ?? 0) + 1);
  });

  it('the list can still be filtered by the applied status', async () => {
    const proposal = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    const res = await w.aap.get('/api/proposal/v1/find?status=applied&size=100');
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { id: string; status: string }[] }).items;
    expect(items.map((i) => i.id)).toContain(proposal.id);
    expect(items.every((i) => i.status === 'applied')).toBe(true);
  });
});
