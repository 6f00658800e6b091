import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import {
  REMOTE_SIGN_CODE_FAILURES,
  REMOTE_SIGN_CODES_PER_HOUR,
  REMOTE_SIGN_LINK_TTL_SECONDS,
  REMOTE_SIGN_SENDS_PER_DAY,
  SIGN_TOKEN_HEADER,
  type OpenSignLinkResponse,
  type RemoteSignStatusResponse,
  type SignSummary,
} from '@portal/domain/contracts/applications/remote-signature';
import { authClient } from '../auth/auth-client';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from '../proposals/proposal-client';
import { pdfText, signatureImage } from './application-test-kit';

let w: ProposalsWorld;
let customer: ReturnType<typeof authClient>;
let staff: Advisor;

/** The policy owner's contact phone (012-888-777) as the outbox has it. */
const OWNER_PHONE = '+85512888777';

interface OutboxMessage {
  to: string;
  purpose: string;
  body: string;
  link?: string;
  otp?: string;
}

async function outbox(purpose: string): Promise<OutboxMessage[]> {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(OWNER_PHONE)}&limit=100` });
  return (res.json() as OutboxMessage[]).filter((m) => m.purpose === purpose);
}

/** A pending application from a new proposal: life insured Sokha Chan (adult, no phone), owner Vanna Chan (with the phone). */
async function application(): Promise<ApplicationResponse> {
  const proposal = await createProposal(w.aap, {
    lifeInsuredContactId: w.insured.id,
    policyOwnerContactId: w.parent.id,
    relationshipCode: '08',
    ...termQuote(),
  });
  const res = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ApplicationResponse;
}

async function send(id: string, lang: 'en' | 'km' = 'en'): Promise<string> {
  const res = await w.aap.post(`/api/appform/v1/remote-sign/${id}`, { party: 'policyOwner', lang });
  expect(res.statusCode, res.body).toBe(201);
  const [message] = await outbox('sign-link');
  const token = /#token=([^&\s]+)$/.exec(message?.link ?? '')?.[1];
  if (!token) throw new Error('no link in the outbox');
  return token;
}

const as = (session: string) => ({ headers: { [SIGN_TOKEN_HEADER]: session } });
const latestCode = async () => (await outbox('sign-code'))[0]?.otp ?? '';

async function openAndVerify(token: string): Promise<string> {
  const opened = await customer.post('/api/customer/v1/sign/open', { token });
  expect(opened.statusCode, opened.body).toBe(200);
  const session = (opened.json() as OpenSignLinkResponse).sessionToken;
  const verified = await customer.post('/api/customer/v1/sign/verify', { code: await latestCode() }, as(session));
  expect(verified.statusCode, verified.body).toBe(200);
  return session;
}

async function summary(session: string, lang: 'en' | 'km'): Promise<SignSummary> {
  const res = await customer.get(`/api/customer/v1/sign/summary?lang=${lang}`, as(session));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SignSummary;
}

const signed = (name: string) => ({ method: 'typed', typedName: name, signerName: name, signedAt: '2026-11-21T09:00:00+07:00' });

async function saveDeclaration(id: string, complete: boolean) {
  const app = (await w.aap.get(`/api/appform/v1/find/${id}`)).json() as ApplicationResponse;
  return w.aap.post(`/api/appform/v1/update/${id}`, {
    version: app.version,
    step: {
      name: 'declarationAuthorization',
      data: { agreed: true, signatures: { lifeInsured: signed('Sokha Chan'), advisor: signed('Demo Advisor') } },
      complete,
    },
  });
}

async function rows<T>(sql: string): Promise<T[]> {
  return ((await w.t.db.execute(sql)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  w = await proposalsWorld();
  customer = authClient(w.t);
  staff = await signInAdvisor(w.t, 'demo.as');
}, 120_000);
afterAll(() => w.t.close());

describe('remote signature: sending the link', () => {
  it("sends the SMS to the owner's contact phone, keeps only the link's hash, and audits the send", async () => {
    const app = await application();
    const res = await w.aap.post(`/api/appform/v1/remote-sign/${app.id}`, { party: 'policyOwner', lang: 'km' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { maskedPhone: string; expiresIn: number };
    expect(body.maskedPhone).toMatch(/^\+855\*+777$/);
    expect(body.expiresIn).toBe(REMOTE_SIGN_LINK_TTL_SECONDS);
    const [message] = await outbox('sign-link');
    expect(message?.to).toBe(OWNER_PHONE);
    expect(message?.body).toContain(app.applicationNumber);
    expect(message?.body).toMatch(/[\u1780-\u17FF]/);
    expect(message?.link).toMatch(/\/customer\/sign#token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = /#token=(.+)$/.exec(message?.link ?? '')?.[1] ?? '';
    const stored = await rows<{ token_hash: string }>(`SELECT token_hash FROM application_sign_link WHERE application_id = '${app.id}'`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const history = await w.t.app.audit.history('application', app.id);
    const sent = history.find((h) => h.action === 'remote_sign_send');
    expect(sent?.actorUserId).toBe(w.aap.userId);
    expect(sent?.details).toMatchObject({ party: 'policyOwner', lang: 'km', to: body.maskedPhone });
    expect(JSON.stringify(history)).not.toContain(token);
    const status = (await w.aap.get(`/api/appform/v1/remote-sign/${app.id}`)).json() as RemoteSignStatusResponse;
    expect(status).toMatchObject({ signatures: [], pending: [{ party: 'policyOwner', maskedPhone: body.maskedPhone }] });
  });

  it('refuses callers other than the owning advisor: 401 without a session, 403 for staff, 404 for another advisor', async () => {
    const app = await application();
    const path = `/api/appform/v1/remote-sign/${app.id}`;
    expect((await customer.post(path, { party: 'policyOwner', lang: 'en' })).statusCode).toBe(401);
    expect((await customer.get(path)).statusCode).toBe(401);
    expect((await staff.post(path, { party: 'policyOwner', lang: 'en' })).statusCode).toBe(403);
    expect((await w.aap2.post(path, { party: 'policyOwner', lang: 'en' })).statusCode).toBe(404);
    expect((await w.aap2.get(path)).statusCode).toBe(404);
  });

  it("takes the phone from the signer's contact only (no phone in the request); the advisor is not a remote signer", async () => {
    const app = await application();
    const path = `/api/appform/v1/remote-sign/${app.id}`;
    const party = await w.aap.post(path, { party: 'advisor', lang: 'en' });
    expect(party.statusCode).toBe(422);
    expect((await w.aap.post(path, { party: 'policyOwner', lang: 'en', phone: '+85599999999' })).statusCode).toBe(201);
    expect((await outbox('sign-link'))[0]?.to).toBe(OWNER_PHONE);
    // The life insured is another adult: their own contact's phone.
    const insured = await w.aap.post(path, { party: 'lifeInsured', lang: 'en' });
    expect(insured.statusCode, insured.body).toBe(201);
    expect((insured.json() as { maskedPhone: string }).maskedPhone).not.toMatch(/777$/);
  });

  it(`sends at most ${REMOTE_SIGN_SENDS_PER_DAY} links a day per signer, and a new link replaces the older one`, async () => {
    const app = await application();
    const first = await send(app.id);
    for (let i = 1; i < REMOTE_SIGN_SENDS_PER_DAY; i += 1) await send(app.id);
    const over = await w.aap.post(`/api/appform/v1/remote-sign/${app.id}`, { party: 'policyOwner', lang: 'en' });
    expect(over.statusCode).toBe(429);
    expect((await customer.post('/api/customer/v1/sign/open', { token: first })).statusCode).toBe(410);
  });
});

describe('remote signature: the signer on their phone', () => {
  it('opens once (a second open is 410), proves the phone with a code, reads the summary in words and signs; the evidence is kept', async () => {
    const app = await application();
    const token = await send(app.id, 'km');
    const opened = await customer.post('/api/customer/v1/sign/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const body = opened.json() as OpenSignLinkResponse;
    expect(body).toMatchObject({ party: 'policyOwner', lang: 'km' });
    expect(body.maskedPhone).toMatch(/\*+777$/);
    const again = await customer.post('/api/customer/v1/sign/open', { token });
    expect(again.statusCode).toBe(410);
    expect((again.json() as { messageKey: string }).messageKey).toBe('link_expired');

    const session = body.sessionToken;
    // Nothing to read before the code.
    expect((await customer.get('/api/customer/v1/sign/summary?lang=en', as(session))).statusCode).toBe(403);
    expect((await customer.get('/api/customer/v1/sign/summary?lang=en')).statusCode).toBe(401);
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await customer.post('/api/customer/v1/sign/verify', { code: wrong }, as(session))).statusCode).toBe(422);
    expect((await customer.post('/api/customer/v1/sign/verify', { code }, as(session))).statusCode).toBe(200);

    const en = await summary(session, 'en');
    const km = await summary(session, 'km');
    const lines = Object.fromEntries(en.lines.map((l) => [l.label, l.value]));
    expect(lines['Policy owner']).toBe('Vanna Chan');
    expect(lines['Life insured']).toBe('Sokha Chan');
    expect(lines['Sum assured']).toBe('$25,000.00');
    expect(lines['Product']).not.toBe('TERM');
    expect(en.text).not.toMatch(/\bannual\b|applications:|TERM\b/);
    expect(en.declaration).toContain('I declare');
    expect(km.text).toContain('ចាន់ វណ្ណា');
    expect(km.declaration).toMatch(/[\u1780-\u17FF]/);
    for (const s of [en, km]) expect(s.hash).toBe(createHash('sha256').update(s.text, 'utf8').digest('hex'));
    expect(km.hash).not.toBe(en.hash);

    // The owner has not signed: the declaration cannot be completed yet.
    const incomplete = await saveDeclaration(app.id, true);
    expect(incomplete.statusCode).toBe(422);
    expect((incomplete.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      'declarationAuthorization.signatures.policyOwner',
    );
    const before = await w.aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=km`);
    expect(before.statusCode).toBe(200);

    const signedRes = await customer.post(
      '/api/customer/v1/sign',
      { image: signatureImage(), lang: 'km', summaryHash: km.hash },
      as(session),
    );
    expect(signedRes.statusCode, signedRes.body).toBe(201);
    expect(
      (await customer.post('/api/customer/v1/sign', { image: signatureImage(), lang: 'km', summaryHash: km.hash }, as(session))).statusCode,
    ).toBe(410);

    const [evidence] = await rows<Record<string, string>>(
      `SELECT s.party, s.masked_phone, s.ip, s.code_id, s.summary_hash, s.lang, s.image, c.verified_at
         FROM application_signature s JOIN application_sign_code c ON c.id = s.code_id WHERE s.application_id = '${app.id}'`,
    );
    expect(evidence).toMatchObject({
      party: 'policyOwner',
      masked_phone: body.maskedPhone,
      ip: customer.ip,
      summary_hash: km.hash,
      lang: 'km',
    });
    expect(evidence?.verified_at).not.toBeNull();
    expect(evidence?.image).toMatch(/^data:image\/png;base64,/);

    const history = await w.t.app.audit.history('application', app.id);
    const customerRows = history.filter((h) => h.actorUserId === null).map((h) => h.action);
    for (const action of [
      'remote_sign_open',
      'remote_sign_code_sent',
      'remote_sign_code_failed',
      'remote_sign_code_verified',
      'remote_signed',
    ])
      expect(customerRows).toContain(action);
    expect(history.find((h) => h.action === 'remote_signed')?.details).toMatchObject({ codeId: evidence?.code_id, summaryHash: km.hash });

    // Signed remotely: the declaration completes, the wizard's status shows it.
    expect((await saveDeclaration(app.id, true)).statusCode).toBe(200);
    const status = (await w.aap.get(`/api/appform/v1/remote-sign/${app.id}`)).json() as RemoteSignStatusResponse;
    expect(status.signatures).toEqual([
      { party: 'policyOwner', signedAt: expect.stringMatching(/\+07:00$/), maskedPhone: body.maskedPhone },
    ]);
    expect(status.pending).toEqual([]);

    // The stored form PDF changes: it shows the signature and its evidence.
    const after = await w.aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=km`);
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).not.toBe(0);
    const text = pdfText(after.rawPayload);
    expect(text).toContain(body.maskedPhone);
    expect(text).toContain(evidence?.code_id);
    expect(text).toContain(km.hash);
    expect(pdfText(before.rawPayload)).not.toContain(body.maskedPhone);
    const english = pdfText((await w.aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=en`)).rawPayload);
    expect(english).toContain("Signed remotely on the signer's own phone");
  }, 60_000);

  it('a signature sent again with its Idempotency-Key (a lost answer) gets the first answer back and is stored once', async () => {
    const app = await application();
    const session = await openAndVerify(await send(app.id, 'en'));
    const en = await summary(session, 'en');
    const keyed = { headers: { ...as(session).headers, 'idempotency-key': 'sign-once-0001' } };
    const body = { image: signatureImage(), lang: 'en', summaryHash: en.hash };
    const first = await customer.post('/api/customer/v1/sign', body, keyed);
    expect(first.statusCode, first.body).toBe(201);
    const again = await customer.post('/api/customer/v1/sign', body, keyed);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const [count] = await rows<{ n: string }>(`SELECT count(*) AS n FROM application_signature WHERE application_id = '${app.id}'`);
    expect(Number(count?.n)).toBe(1);
    // Without the key a second signature is refused as before: the link was spent.
    expect((await customer.post('/api/customer/v1/sign', body, as(session))).statusCode).toBe(410);
  }, 60_000);

  it('refuses a signature over a summary that is no longer the application (409), and an edit voids a signature made', async () => {
    const app = await application();
    const session = await openAndVerify(await send(app.id));
    const en = await summary(session, 'en');
    const stale = await customer.post(
      '/api/customer/v1/sign',
      { image: signatureImage(), lang: 'en', summaryHash: 'a'.repeat(64) },
      as(session),
    );
    expect(stale.statusCode).toBe(409);
    expect(
      (await customer.post('/api/customer/v1/sign', { image: 'data:image/png;base64,AAAA', lang: 'en', summaryHash: en.hash }, as(session)))
        .statusCode,
    ).toBe(422);
    expect(
      (await customer.post('/api/customer/v1/sign', { image: signatureImage(), lang: 'en', summaryHash: en.hash }, as(session))).statusCode,
    ).toBe(201);

    const current = (await w.aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse;
    const owner = current.steps.personalInfo.policyOwner;
    const edited = await w.aap.post(`/api/appform/v1/update/${app.id}`, {
      version: current.version,
      step: {
        name: 'personalInfo',
        data: { ...current.steps.personalInfo, policyOwner: { ...owner, firstName: 'Visal' } },
        complete: false,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const status = (await w.aap.get(`/api/appform/v1/remote-sign/${app.id}`)).json() as RemoteSignStatusResponse;
    expect(status.signatures).toEqual([]);
    expect((await saveDeclaration(app.id, true)).statusCode).toBe(422);
  });

  it(`kills the link at the ${REMOTE_SIGN_CODE_FAILURES}th wrong code, even for the right code after`, async () => {
    const app = await application();
    const opened = (await customer.post('/api/customer/v1/sign/open', { token: await send(app.id) })).json() as OpenSignLinkResponse;
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < REMOTE_SIGN_CODE_FAILURES; i += 1)
      expect((await customer.post('/api/customer/v1/sign/verify', { code: wrong }, as(opened.sessionToken))).statusCode).toBe(422);
    const last = await customer.post('/api/customer/v1/sign/verify', { code: wrong }, as(opened.sessionToken));
    expect(last.statusCode).toBe(410);
    expect((last.json() as { messageKey: string }).messageKey).toBe('sign_code_locked');
    expect((await customer.post('/api/customer/v1/sign/verify', { code }, as(opened.sessionToken))).statusCode).toBe(410);
    const [link] = await rows<{ failed_codes: number; revoked_at: string | null }>(
      `SELECT failed_codes, revoked_at FROM application_sign_link WHERE application_id = '${app.id}'`,
    );
    expect(link?.failed_codes).toBe(REMOTE_SIGN_CODE_FAILURES);
    expect(link?.revoked_at).not.toBeNull();
  });

  it(`sends at most ${REMOTE_SIGN_CODES_PER_HOUR} codes an hour for a link`, async () => {
    const app = await application();
    const opened = (await customer.post('/api/customer/v1/sign/open', { token: await send(app.id) })).json() as OpenSignLinkResponse;
    for (let i = 1; i < REMOTE_SIGN_CODES_PER_HOUR; i += 1)
      expect((await customer.post('/api/customer/v1/sign/code', undefined, as(opened.sessionToken))).statusCode).toBe(201);
    expect((await customer.post('/api/customer/v1/sign/code', undefined, as(opened.sessionToken))).statusCode).toBe(429);
    // The newest code is the one that counts.
    expect((await customer.post('/api/customer/v1/sign/verify', { code: await latestCode() }, as(opened.sessionToken))).statusCode).toBe(
      200,
    );
  });

  it('treats a forged or foreign token as an expired link, and a missing session as 401', async () => {
    expect((await customer.post('/api/customer/v1/sign/open', { token: 'a.b.c' })).statusCode).toBe(410);
    expect((await customer.post('/api/customer/v1/sign/code')).statusCode).toBe(401);
    expect((await customer.post('/api/customer/v1/sign/verify', { code: '123456' }, as('x.y.z'))).statusCode).toBe(401);
  });
});
