import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpcPaymentResponse } from '@portal/domain/contracts/proposals/opc-payment';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import {
  PROPOSAL_LINK_TTL_SECONDS,
  PROPOSAL_SENDS_PER_DAY,
  VIEW_TOKEN_HEADER,
  type CustomerProposal,
  type OpenProposalLinkResponse,
} from '@portal/domain/contracts/proposals/send-to-customer';
import errors from '@portal/i18n/errors.json';
import { authClient, resetClock, setClock } from '../auth/auth-client';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createContact } from '../contacts/contact-client';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';

let w: ProposalsWorld;
let customer: ReturnType<typeof authClient>;
let staff: Advisor;

/** The parent's phone (012-888-777) as the outbox has it. */
const OWNER_PHONE = '+85512888777';

interface OutboxMessage {
  to: string;
  purpose: string;
  body: string;
  link?: string;
}

async function outboxFor(phone: string): Promise<OutboxMessage[]> {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=100` });
  return (res.json() as OutboxMessage[]).filter((m) => m.purpose === 'proposal-link');
}

/** A proposal of demo.aap for the insured, owned by the parent (whose contact has the phone). */
async function ownersProposal(): Promise<ProposalResponse> {
  return createProposal(w.aap, {
    lifeInsuredContactId: w.insured.id,
    policyOwnerContactId: w.parent.id,
    relationshipCode: '08',
    ...termQuote(),
  });
}

async function send(proposalId: string, lang: 'en' | 'km' = 'km'): Promise<{ token: string; message: OutboxMessage }> {
  const res = await w.aap.post(`/api/proposal/v1/send/${proposalId}`, { lang });
  expect(res.statusCode, res.body).toBe(201);
  const [message] = await outboxFor(OWNER_PHONE);
  const token = /#token=([^&\s]+)/.exec(message?.link ?? '')?.[1];
  if (!message || !token) throw new Error('no link in the outbox');
  return { token, message };
}

const open = (token: string) => customer.post('/api/customer/v1/proposal/open', { token });

beforeAll(async () => {
  w = await proposalsWorld();
  customer = authClient(w.t);
  staff = await signInAdvisor(w.t, 'demo.as');
}, 120_000);
afterAll(() => w.t.close());

describe('send to customer: an SMS with a signed, expiring, single-use link to the proposal', () => {
  it("sends the SMS to the policy owner's phone in the chosen language, keeps only the link's hash, and audits the send", async () => {
    const proposal = await ownersProposal();
    const res = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'km' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { maskedPhone: string; expiresIn: number };
    expect(body.maskedPhone).toMatch(/^\+855\*+777$/);
    expect(body.expiresIn).toBe(PROPOSAL_LINK_TTL_SECONDS);

    const [message] = await outboxFor(OWNER_PHONE);
    expect(message?.to).toBe(OWNER_PHONE);
    expect(message?.body).toContain(proposal.proposalNumber);
    expect(message?.body).toMatch(/[\u1780-\u17FF]/);
    expect(message?.link).toMatch(/\/customer\/proposal#token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = /#token=(.+)$/.exec(message?.link ?? '')?.[1] ?? '';

    const stored = (await w.t.db.execute(
      `SELECT token_hash, masked_phone FROM proposal_link WHERE proposal_id = '${proposal.id}'`,
    )) as unknown as {
      rows: { token_hash: string; masked_phone: string }[];
    };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(JSON.stringify(stored.rows)).not.toContain(OWNER_PHONE);

    const after = (await w.aap.get(`/api/proposal/v1/find/${proposal.id}`)).json() as ProposalResponse;
    expect(after.status).toBe('paymentRequested');
    const history = await w.t.app.audit.history('proposal', proposal.id);
    const sent = history.find((h) => h.action === 'send');
    expect(sent?.actorUserId).toBe(w.aap.userId);
    expect(sent?.details).toMatchObject({ lang: 'km', to: body.maskedPhone });
    expect(JSON.stringify(history)).not.toContain(token);
  });

  it('sends the English SMS in English', async () => {
    const proposal = await ownersProposal();
    const { message } = await send(proposal.id, 'en');
    expect(message.body).toContain(proposal.proposalNumber);
    expect(message.body).not.toMatch(/[\u1780-\u17FF]/);
  });

  it('opens once: the customer sees names (never codes), the KHQR of the advisor’s payment reference, and a second open is 410', async () => {
    const proposal = await ownersProposal();
    const { token } = await send(proposal.id);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json() as OpenProposalLinkResponse;
    const view = opened.proposal;
    expect(view.proposalNumber).toBe(proposal.proposalNumber);
    expect(view.lang).toBe('km');
    expect(view.product.name).not.toBe(proposal.productCode);
    expect(view.product.nameKh).toMatch(/[\u1780-\u17FF]/);
    expect(view.riders.map((r) => r.name)).toHaveLength(proposal.riders.length);
    for (const rider of view.riders) expect(proposal.riders.map((r) => r.code)).not.toContain(rider.name);
    expect(view.lifeInsured).toEqual({ name: 'Sokha Chan', nameKh: 'ចាន់ សុខា' });
    expect(view.policyOwner.name).toBe('Vanna Chan');
    expect(view.premium).toBe(proposal.premium);
    expect(view.payment.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const advisorPayment = (await w.aap.get(`/api/proposal/v1/opc-payment/${proposal.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(view.payment.paymentReference).toBe(advisorPayment.paymentReference);
    expect(view.payment.amount).toBe(advisorPayment.amount);

    const again = await open(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ messageKey: 'link_expired' });
    const history = await w.t.app.audit.history('proposal', proposal.id);
    expect(history.filter((h) => h.action === 'customer_open')).toHaveLength(1);
  });

  it('serves the page again and the PDF with the view token only', async () => {
    const proposal = await ownersProposal();
    const { token } = await send(proposal.id);
    const { viewToken } = (await open(token)).json() as OpenProposalLinkResponse;

    const reload = await customer.get('/api/customer/v1/proposal', { headers: { [VIEW_TOKEN_HEADER]: viewToken } });
    expect(reload.statusCode, reload.body).toBe(200);
    expect((reload.json() as CustomerProposal).proposalNumber).toBe(proposal.proposalNumber);

    for (const wrong of [undefined, token, 'not-a-token', `${viewToken.slice(0, -2)}xx`]) {
      const refused = await customer.get('/api/customer/v1/proposal', wrong ? { headers: { [VIEW_TOKEN_HEADER]: wrong } } : {});
      expect(refused.statusCode, String(wrong)).toBe(401);
      expect(
        (await customer.get('/api/customer/v1/proposal/report?lang=en', wrong ? { headers: { [VIEW_TOKEN_HEADER]: wrong } } : {}))
          .statusCode,
      ).toBe(401);
    }

    const pdf = await customer.get('/api/customer/v1/proposal/report?lang=km', { headers: { [VIEW_TOKEN_HEADER]: viewToken } });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`proposal-${proposal.proposalNumber}-km.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await customer.get('/api/customer/v1/proposal/report?lang=fr', { headers: { [VIEW_TOKEN_HEADER]: viewToken } })).statusCode,
    ).toBe(422);

    const actions = (await w.t.app.audit.history('proposal', proposal.id)).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['send', 'customer_open', 'customer_read', 'customer_download']));
  });

  it('refuses a link after 72 hours, a link replaced by a newer send, and a forged one (410)', async () => {
    const proposal = await ownersProposal();
    const first = await send(proposal.id);
    setClock(w.t, new Date(Date.now() + PROPOSAL_LINK_TTL_SECONDS * 1000 + 1000));
    try {
      expect((await open(first.token)).statusCode).toBe(410);
    } finally {
      resetClock(w.t);
    }
    const second = await send(proposal.id);
    expect(second.token).not.toBe(first.token);
    expect((await open(first.token)).statusCode).toBe(410);
    const [h, p, s] = second.token.split('.') as [string, string, string];
    expect((await open(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`)).statusCode).toBe(410);
    expect((await open('not-a-token')).statusCode).toBe(410);
    // The forgeries spent nothing: the real link still opens.
    expect((await open(second.token)).statusCode).toBe(200);
  });

  it('lets only the selling advisor send: another advisor 404, agency staff 403, nothing sent', async () => {
    const proposal = await ownersProposal();
    const before = (await outboxFor(OWNER_PHONE)).length;
    expect((await w.aap2.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' })).statusCode).toBe(404);
    expect((await staff.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' })).statusCode).toBe(403);
    expect((await customer.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' })).statusCode).toBe(401);
    expect((await outboxFor(OWNER_PHONE)).length).toBe(before);
  });

  it('refuses a bad language (422) and a removed owner contact (422 proposal_no_phone), sending nothing', async () => {
    const owner = await createContact(w.aap, {
      contactType: 'policyOwner',
      firstName: 'Dara',
      lastName: 'Keo',
      gender: 'F',
      dateOfBirth: '01/02/1970',
      phone: '012-555-444',
    });
    const proposal = await createProposal(w.aap, {
      lifeInsuredContactId: w.insured.id,
      policyOwnerContactId: owner.id,
      relationshipCode: '51',
      ...termQuote(),
    });
    const bad = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'fr' });
    expect(bad.statusCode).toBe(422);
    const removed = await w.aap.post(`/api/contact/v1/remove/${owner.id}`, {});
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const res = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ messageKey: 'proposal_no_phone' });
    const text = (errors as Record<string, { en: string; km: string }>).proposal_no_phone;
    expect(text?.en).toMatch(/phone/i);
    expect(text?.km).toMatch(/[\u1780-\u17FF]/);
    const outbox = await w.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent('+85512555444')}` });
    expect(outbox.json()).toEqual([]);
  });

  it('a send repeated with its Idempotency-Key (a double tap, a lost answer) sends one SMS and answers the first send again', async () => {
    const proposal = await ownersProposal();
    const before = (await outboxFor(OWNER_PHONE)).length;
    const key = { 'idempotency-key': `send-${proposal.id}` };
    const first = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await outboxFor(OWNER_PHONE)).length).toBe(before + 1);
  });

  it(`stops after ${PROPOSAL_SENDS_PER_DAY} sends of one proposal in a day (429 with retryAfter)`, async () => {
    const proposal = await ownersProposal();
    for (let i = 0; i < PROPOSAL_SENDS_PER_DAY; i++) {
      expect((await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' })).statusCode).toBe(201);
    }
    const before = (await outboxFor(OWNER_PHONE)).length;
    const res = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'en' });
    expect(res.statusCode).toBe(429);
    expect((res.json() as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect((await outboxFor(OWNER_PHONE)).length).toBe(before);
  });
});
