import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '@portal/domain/contracts/candidates/candidate';
import { latestOtp, resetClock, setClock, wrongOtp } from '../auth/auth-client';
import { openLink, recruitmentTestApp, sendLink, type RecruitmentContext } from './recruitment-kit';

let ctx: RecruitmentContext;
beforeAll(async () => {
  ctx = await recruitmentTestApp();
}, 180_000);
afterAll(() => ctx.t.close());

describe("the secure link (single use, expiring, signed; OTP to the candidate's phone)", () => {
  it('sends the link by SMS only, keeps only its hash, and opens the own form after the OTP', async () => {
    const sent = await sendLink(ctx);
    expect(sent.token.split('.')).toHaveLength(3);
    const stored = await ctx.t.db.execute(`SELECT token_hash FROM candidate_link WHERE candidate_id = '${sent.candidateId}'`);
    const rows = (stored as unknown as { rows: { token_hash: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(sent.token);

    const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
    const own = await cnl.get('/api/candidate/v1/form/find');
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Candidate).candidateNumber).toBe(sent.candidateNumber);
  });

  it('refuses a link used once already (410 link_expired), even with a fresh OTP', async () => {
    const sent = await sendLink(ctx);
    await openLink(ctx, sent.token, sent.candidateNumber);
    const again = await ctx.client.post('/api/candidate/v1/form/link/otp', { token: sent.token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ messageKey: 'link_expired' });
  });

  it('refuses a link after 72 hours, and a link replaced by a newer one', async () => {
    const sent = await sendLink(ctx);
    setClock(ctx.t, new Date(Date.now() + 72 * 3600 * 1000 + 1000));
    try {
      const late = await ctx.client.post('/api/candidate/v1/form/link/otp', { token: sent.token });
      expect(late.statusCode).toBe(410);
    } finally {
      resetClock(ctx.t);
    }
    const fresh = await ctx.aap.post('/api/candidate/v1/form/link', {
      firstName: 'Sophea',
      lastName: 'Noun',
      phone: sent.phone.typed,
      candidateNumber: sent.candidateNumber,
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await ctx.client.post('/api/candidate/v1/form/link/otp', { token: sent.token })).statusCode).toBe(410);
  });

  it('refuses a forged or tampered token, and a link whose OTP was wrong stays unopened', async () => {
    const sent = await sendLink(ctx);
    const [h, p, s] = sent.token.split('.') as [string, string, string];
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await ctx.client.post('/api/candidate/v1/form/link/otp', { token: tampered })).statusCode).toBe(410);
    expect((await ctx.client.post('/api/candidate/v1/form/link/otp', { token: 'not-a-token' })).statusCode).toBe(410);

    const otp = await ctx.client.post('/api/candidate/v1/form/link/otp', { token: sent.token });
    const { requestCode } = otp.json() as { requestCode: string };
    const code = await latestOtp(ctx.t, `cnl.${sent.candidateNumber.toLowerCase()}`);
    const wrong = await ctx.client.post('/api/candidate/v1/form/link/otp/verify', { token: sent.token, requestCode, otp: wrongOtp(code) });
    expect(wrong.statusCode).toBe(401);
    const right = await ctx.client.post('/api/candidate/v1/form/link/otp/verify', { token: sent.token, requestCode, otp: code });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("does not let the link's account sign in with the OTP as a normal login", async () => {
    const sent = await sendLink(ctx);
    const otp = await ctx.client.post('/api/candidate/v1/form/link/otp', { token: sent.token });
    const { requestCode } = otp.json() as { requestCode: string };
    const code = await latestOtp(ctx.t, `cnl.${sent.candidateNumber.toLowerCase()}`);
    expect((await ctx.client.post('/api/auth/v1/login/mfa', { requestCode, otp: code })).statusCode).toBe(401);
  });
});
