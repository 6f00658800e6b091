import { BakongKHQR } from 'bakong-khqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opcPaymentResponseSchema, type OpcPaymentResponse } from '@portal/domain/contracts/proposals/opc-payment';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
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

  it('gives a reference, a valid KHQR string for the chosen mode\'s premium and a QR image; the proposal is now paymentRequested', async () => {
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

  it('is idempotent: the same proposal gives the same reference and KHQR string; a changed premium keeps the reference', async () => {
    const first = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    const again = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(again).toEqual(first);
    const found = (await w.aap.get(`/api/proposal/v1/find/${p.id}`)).json() as ProposalResponse;
    expect(found.statusHistory.filter((h) => h.status === 'paymentRequested')).toHaveLength(1);

    const upd = await w.aap.post(`/api/proposal/v1/update/${p.id}`, { lifeInsuredContactId: w.insured.id, ...termQuote({ premiumMode: 'annual', version: found.version }) });
    expect(upd.statusCode, upd.body).toBe(200);
    const annual = (upd.json() as ProposalResponse).premium;
    const after = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as OpcPaymentResponse;
    expect(after.paymentReference).toBe(first.paymentReference);
    expect(after.amount).toBe(annual);
    expect(after.khqr).not.toBe(first.khqr);
    expect(BakongKHQR.decode(after.khqr).data?.transactionAmount).toBe(String(Number(annual)));
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
