import { BakongKHQR } from 'bakong-khqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opcPaymentResponseSchema, type OpcPaymentResponse } from '@portal/domain/contracts/proposals/opc-payment';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { ProposalPaymentService } from '../../src/modules/proposals/proposal-payment';
import { ProposalsRepository } from '../../src/modules/proposals/proposals.repository';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';

/** ISO 7064 mod 97-10: digits followed by their check pair leave remainder 1. */
function checkDigitsValid(reference: string): boolean {
  return BigInt(reference.replace(/^OPC/, '')) % 97n === 1n;
}

describe('KHQR payment reference for the first premium (opc-payment)', () => {
  let w: ProposalsWorld;
  let p: ProposalResponse;
  beforeAll(async () => {
    w = await proposalsWorld();
    p = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote({ premiumMode: 'monthly' }) });
  }, 60_000);
  afterAll(() => w.t.close());

  it("gives a reference, a valid KHQR string for the chosen mode's premium and a QR image; the proposal is now paymentRequested", async () => {
    const res = await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = opcPaymentResponseSchema.strict().parse(res.json());
    expect(body).toMatchObject({ proposalNumber: p.proposalNumber, amount: p.premium, currency: 'USD', premiumMode: 'monthly' });
    expect(body.paymentReference).toMatch(/^OPC\d{10}$/);
    expect(checkDigitsValid(body.paymentReference)).toBe(true);
    expect(BakongKHQR.verify(body.khqr).isValid).toBe(true);
    const decoded = BakongKHQR.decode(body.khqr).data ?? {};
    expect(decoded.transactionAmount).toBe(String(Number(p.premium)));
    expect(decoded.transactionCurrency).toBe('840');
    expect(decoded.billNumber).toBe(body.paymentReference);
    expect(body.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrImage.split(',')[1] ?? '', 'base64').toString('utf8')).toContain('<svg');
    const found = (await w.aap.get(`/api/proposal/v1/find/${p.id}`)).json() as ProposalResponse;
    expect(found.status).toBe('paymentRequested');
    expect(found.statusHistory.map((h) => h.status)).toEqual(['quoted', 'paymentRequested']);
  });

  it('is idempotent: the same proposal gives the same reference and KHQR string, also after an edit that keeps the premium', async () => {
    const first = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    const again = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(again).toEqual(first);
    const found = (await w.aap.get(`/api/proposal/v1/find/${p.id}`)).json() as ProposalResponse;
    expect(found.statusHistory.filter((h) => h.status === 'paymentRequested')).toHaveLength(1);

    // The same quote saved again (a new version, the same premium): the code still stands.
    const same = await w.aap.post(`/api/proposal/v1/update/${p.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ premiumMode: 'monthly', version: found.version }),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as ProposalResponse).premium).toBe(p.premium);
    expect((await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json()).toEqual(first);
  });

  it('a changed premium withdraws the issued reference: a new reference and code for the new amount, the old one recognised as superseded', async () => {
    const q = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote({ premiumMode: 'monthly' }) });
    const first = (await w.aap.get(`/api/proposal/v1/opc-payment/${q.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(first.amount).toBe(q.premium);
    const version = ((await w.aap.get(`/api/proposal/v1/find/${q.id}`)).json() as ProposalResponse).version;

    const upd = await w.aap.post(`/api/proposal/v1/update/${q.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ premiumMode: 'annual', version }),
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const annual = (upd.json() as ProposalResponse).premium;
    expect(annual).not.toBe(first.amount);

    // The old reference is withdrawn by the edit itself, before anyone asks for the new code.
    const payments = new ProposalPaymentService(new ProposalsRepository(w.t.db), w.t.config.khqr);
    const withdrawn = await payments.byReference(first.paymentReference);
    expect(withdrawn).toMatchObject({
      state: 'superseded',
      payment: { proposalId: q.id, amountCents: Math.round(Number(first.amount) * 100), khqrMd5: first.khqrMd5 },
    });
    const history = await w.t.app.audit.history('proposal', q.id);
    expect(history.find((h) => h.action === 'update')?.details).toMatchObject({ paymentSuperseded: first.paymentReference });

    const after = (await w.aap.get(`/api/proposal/v1/opc-payment/${q.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(after.amount).toBe(annual);
    expect(after.paymentReference).not.toBe(first.paymentReference);
    expect(after.paymentReference).toMatch(/^OPC\d{12}$/);
    expect(checkDigitsValid(after.paymentReference)).toBe(true);
    expect(after.paymentReference.slice(0, 11)).toBe(first.paymentReference.slice(0, 11));
    const decoded = BakongKHQR.decode(after.khqr).data ?? {};
    expect(decoded.billNumber).toBe(after.paymentReference);
    expect(decoded.transactionAmount).toBe(String(Number(annual)));
    expect(after.khqrMd5).not.toBe(first.khqrMd5);

    // A payment naming the old reference is recognised, with the proposal's live reference beside it.
    const old = await payments.byReference(first.paymentReference.toLowerCase());
    expect(old?.state).toBe('superseded');
    expect(old?.state === 'superseded' && old.current?.paymentReference).toBe(after.paymentReference);
    expect(await payments.byReference(after.paymentReference)).toMatchObject({
      state: 'current',
      payment: { proposalId: q.id, amountCents: Math.round(Number(annual) * 100) },
    });
    expect(await payments.byReference('OPC999999999999')).toBeUndefined();

    // Back to the monthly premium: a third reference (a reference never stands for two amounts).
    const back = await w.aap.post(`/api/proposal/v1/update/${q.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ premiumMode: 'monthly', version: (upd.json() as ProposalResponse).version }),
    });
    expect(back.statusCode, back.body).toBe(200);
    const third = (await w.aap.get(`/api/proposal/v1/opc-payment/${q.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(third.amount).toBe(first.amount);
    expect(new Set([first.paymentReference, after.paymentReference, third.paymentReference]).size).toBe(3);
    expect(checkDigitsValid(third.paymentReference)).toBe(true);
    expect((await payments.byReference(after.paymentReference))?.state).toBe('superseded');
  });

  it('two requests at once for a new code store one reference and answer the same code', async () => {
    const r = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const [a, b] = await Promise.all([0, 1].map(() => w.aap.get(`/api/proposal/v1/opc-payment/${r.proposalNumber}`)));
    expect(a?.statusCode, a?.body).toBe(200);
    expect(b?.statusCode, b?.body).toBe(200);
    expect((a?.json() as OpcPaymentResponse).khqr).toBe((b?.json() as OpcPaymentResponse).khqr);
  });

  it('two proposals never share a reference; another advisor or an unknown number gets 404', async () => {
    const q = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const a = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    const b = (await w.aap.get(`/api/proposal/v1/opc-payment/${q.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(b.paymentReference).not.toBe(a.paymentReference);
    const other = await w.aap2.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(a.paymentReference);
    expect((await w.aap.get('/api/proposal/v1/opc-payment/PR99999999')).statusCode).toBe(404);
    expect((await w.aap.get('/api/proposal/v1/opc-payment/xyz')).statusCode).toBe(404);
  });
});
