import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '@portal/domain/contracts/candidates/candidate';
import { resetClock, setClock } from '../auth/auth-client';
import { formBody, openLink, pdfBytes, recruitmentTestApp, sendLink, type Caller, type RecruitmentContext } from './recruitment-kit';

let ctx: RecruitmentContext;
let mine: { candidateId: string; candidateNumber: string };
let other: { candidateId: string; candidateNumber: string };
let cnl: Caller;
let otherDocumentId: string;

beforeAll(async () => {
  ctx = await recruitmentTestApp();
  mine = await sendLink(ctx);
  other = await sendLink(ctx, ctx.aap2);
  cnl = await openLink(ctx, (mine as unknown as { token: string }).token, mine.candidateNumber);
  const otherCnl = await openLink(ctx, (other as unknown as { token: string }).token, other.candidateNumber);
  const up = await otherCnl.upload('/api/candidate/v1/document/upload', [
    { name: 'candidateId', value: other.candidateId },
    { name: 'documentType', value: 'diploma' },
    { name: 'file', fileName: 'diploma.pdf', contentType: 'application/pdf', data: pdfBytes() },
  ]);
  otherDocumentId = (up.json() as { id: string }).id;
}, 180_000);
afterAll(() => ctx.t.close());

describe('a ROLE_CNL secure-link session reaches its own form and nothing else', () => {
  it('reads and edits its own form', async () => {
    const own = await cnl.get('/api/candidate/v1/form/find');
    expect(own.statusCode).toBe(200);
    expect((own.json() as Candidate).id).toBe(mine.candidateId);
    expect((await cnl.get(`/api/candidate/v1/documents/find/${mine.candidateId}`)).statusCode).toBe(200);
  });

  it("gets 404 for another candidate's form, documents and files, and cannot write to them", async () => {
    expect((await cnl.get(`/api/candidate/v1/form/find?candidateNumber=${other.candidateNumber}`)).json()).toMatchObject({
      id: mine.candidateId,
    });
    expect((await cnl.get(`/api/candidate/v1/documents/find/${other.candidateId}`)).statusCode).toBe(404);
    // A body that is valid in every field (the candidate's own form), so only ownership can refuse it.
    const own = (await cnl.get('/api/candidate/v1/form/find')).json() as Candidate;
    expect((await cnl.post(`/api/candidate/v1/form/update/${other.candidateId}`, formBody(own))).statusCode).toBe(404);
    expect((await cnl.post(`/api/candidate/v1/form/submit/${other.candidateId}`, { version: 1 })).statusCode).toBe(404);
    expect((await cnl.get(`/api/candidate/v1/document/download?id=${otherDocumentId}`)).statusCode).toBe(404);
    expect((await cnl.post(`/api/candidate/v1/document/delete/${otherDocumentId}`)).statusCode).toBe(404);
    expect((await cnl.get(`/api/candidate/v1/contract/download?candidateId=${other.candidateId}`)).statusCode).toBe(404);
    const upload = await cnl.upload('/api/candidate/v1/document/upload', [
      { name: 'candidateId', value: other.candidateId },
      { name: 'documentType', value: 'diploma' },
      { name: 'file', fileName: 'x.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(upload.statusCode).toBe(404);
  });

  it('gets 403 for every recruiter, admin, support, product and sign-in-only call', async () => {
    const refused: [string, string][] = [
      ['GET', '/api/candidate/v1/find'],
      ['GET', `/api/candidate/v1/find/${mine.candidateId}`],
      ['GET', '/api/candidate/v1/find/existing?phone=012345678'],
      ['POST', '/api/candidate/v1/form/link'],
      ['POST', '/api/candidate/v1/form/review'],
      ['GET', '/api/candidate/v1/irc/find'],
      ['POST', '/api/candidate/v1/contract/upload'],
      ['GET', '/api/support/v1/exam/download/template'],
      ['POST', '/api/support/v1/convert/candidate'],
      ['GET', `/api/agent-product/v1/find/${mine.candidateId}`],
      ['GET', '/api/user/v1/profile'],
      ['GET', '/api/contact/v2/find'],
      ['GET', '/api/policy/v1/search/customers'],
      ['POST', '/api/candidate/v1/form/init'],
    ];
    for (const [method, url] of refused) {
      const res = method === 'GET' ? await cnl.get(url) : await cnl.post(url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('ends after 60 minutes (no refresh token is given)', async () => {
    setClock(ctx.t, new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect((await cnl.get('/api/candidate/v1/form/find')).statusCode).toBe(401);
    } finally {
      resetClock(ctx.t);
    }
    expect((await cnl.get('/api/candidate/v1/form/find')).statusCode).toBe(200);
  });
});
