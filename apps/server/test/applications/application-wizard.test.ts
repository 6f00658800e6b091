import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { FindApplicationsResponse } from '@portal/domain/contracts/applications/find-applications';
import { latestAuditRows } from '../helpers/audit-rows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { callerFor, createApplication, pngBytes, saveStep, validSteps, type PolicyCallerClient } from './application-test-kit';

let t: TestApp;
let aap: PolicyCallerClient;
let aap2: PolicyCallerClient;
let aa: PolicyCallerClient;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  aap = await callerFor(t, 'demo.aap');
  aap2 = await callerFor(t, 'demo.aap2');
  aa = await callerFor(t, 'demo.aa');
}, 60_000);
afterAll(() => t.close());

const errorsOf = (body: string) => (JSON.parse(body) as { errors?: { field: string; key: string }[] }).errors ?? [];

describe('an application made from a proposal', () => {
  it("starts pending on step 0 with every flag false, the proposal's people prefilled, and is owner-scoped", async () => {
    const app = await createApplication(t, aap);
    expect(app.status).toBe('P');
    expect(app.activeStep).toBe(0);
    expect(Object.values(app.completion).every((v) => v === false)).toBe(true);
    expect(app.applicationNumber).toMatch(/^AP\d{8}$/);
    expect(app.steps.personalInfo.lifeInsured).toMatchObject({
      firstName: 'Sokha',
      lastName: 'Chan',
      gender: 'M',
      dateOfBirth: '15/03/1988',
    });
    expect(app.product.proposalNumber).toBe('PR00000042');

    const mine = await aap.get(`/api/appform/v1/find/${app.id}`);
    expect(mine.statusCode).toBe(200);
    expect((await aap2.get(`/api/appform/v1/find/${app.id}`)).statusCode).toBe(404);
    expect((await aap2.post(`/api/appform/v1/update/${app.id}`, { version: app.version, activeStep: 1 })).statusCode).toBe(404);
    // Agency staff read the agency's applications.
    expect((await aa.get(`/api/appform/v1/find/${app.id}`)).statusCode).toBe(200);
  });

  it('create from an unknown proposal is 422 on proposalId', async () => {
    const res = await aap.post('/api/appform/v1/create', { proposalId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res.body)).toEqual([{ field: 'proposalId', key: 'invalid' }]);
  });

  it("lists and searches (>= 3 characters) only the caller's applications", async () => {
    await createApplication(t, aap2, {
      lifeInsured: { firstName: 'Bopha', lastName: 'Heng', firstNameKh: null, lastNameKh: null, gender: 'F', dateOfBirth: '1990-01-01' },
    });
    const list = (await aap.get('/api/appform/v1/find')).json() as FindApplicationsResponse;
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.lifeInsuredName === 'Sokha Chan')).toBe(true);
    expect((await aap.get('/api/appform/v1/find?q=so')).statusCode).toBe(422);
    const found = (await aap.get('/api/appform/v1/find?q=sokh')).json() as FindApplicationsResponse;
    expect(found.items.length).toBeGreaterThan(0);
    expect(((await aap.get('/api/appform/v1/find?q=bopha')).json() as FindApplicationsResponse).items).toEqual([]);
    expect(((await aap2.get('/api/appform/v1/find?q=bopha')).json() as FindApplicationsResponse).items).toHaveLength(1);
  });

  it('records who read a list of applications and which ones it showed, never the term', async () => {
    const list = (await aap.get('/api/appform/v1/find?size=2')).json() as FindApplicationsResponse;
    const found = (await aap.get('/api/appform/v1/find?q=sokh&size=2')).json() as FindApplicationsResponse;
    expect(await latestAuditRows(t, aap.userId, 'application', 2)).toEqual([
      { action: 'search', entityId: null, details: { view: 'list', ids: found.items.map((i) => i.id) } },
      { action: 'read', entityId: null, details: { view: 'list', ids: list.items.map((i) => i.id) } },
    ]);
  });
});

describe('wizard steps', () => {
  it('saves a draft with errors in it, keeps it as typed, and remembers the active step', async () => {
    const app = await createApplication(t, aap);
    const draft = { ...validSteps().personalInfo, lifeInsured: { firstName: 'Sok1', idType: '1', idNumber: '12' } };
    const res = await saveStep(aap, app, 'personalInfo', draft, false, 2);
    expect(res.statusCode, res.body).toBe(200);
    const again = (await aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse;
    expect(again.activeStep).toBe(2);
    expect(again.steps.personalInfo.lifeInsured).toEqual({ firstName: 'Sok1', idType: '1', idNumber: '12' });
    expect(again.completion.personalInfoCompleted).toBe(false);
  });

  it('refuses to mark a step complete while its rules fail, naming the fields (422), and saves nothing', async () => {
    const app = await createApplication(t, aap);
    const bad = validSteps().personalInfo;
    bad.lifeInsured = {
      ...bad.lifeInsured,
      firstName: 'Sok1',
      idNumber: '12345678A',
      idExpiryDate: '01/01/2020',
      dateOfBirth: '01/01/2999',
    };
    const res = await saveStep(aap, app, 'personalInfo', bad, true);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        { field: 'personalInfo.lifeInsured.firstName', key: 'pattern' },
        { field: 'personalInfo.lifeInsured.idNumber', key: 'pattern' },
        { field: 'personalInfo.lifeInsured.idExpiryDate', key: 'min' },
        { field: 'personalInfo.lifeInsured.dateOfBirth', key: 'date_not_bigger_then_current_date' },
      ]),
    );
    const after = (await aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse;
    expect(after.version).toBe(app.version);
  });

  it('checks identification by type: passport 9 characters, birth certificate n/n/n, and asks owner and payor when they are other people', async () => {
    const app = await createApplication(t, aap);
    const info = validSteps().personalInfo;
    info.ownerIsInsured = false;
    info.payorIsOwner = false;
    info.lifeInsured = { ...info.lifeInsured, idType: '6', idNumber: '12/ab/3', idExpiryDate: '' };
    info.policyOwner = { ...info.lifeInsured, idType: '2', idNumber: 'N1234567', idExpiryDate: '31/12/2031', phone: '' };
    const res = await saveStep(aap, app, 'personalInfo', info, true);
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        { field: 'personalInfo.lifeInsured.idNumber', key: 'invalid' },
        { field: 'personalInfo.policyOwner.idNumber', key: 'minlength' },
        { field: 'personalInfo.policyOwner.phone', key: 'required' },
        { field: 'personalInfo.relationshipCode', key: 'required' },
        { field: 'personalInfo.payor.firstName', key: 'required' },
      ]),
    );
    expect(errorsOf(res.body).some((e) => e.field === 'personalInfo.lifeInsured.idExpiryDate')).toBe(false);
  });

  it('beneficiary shares total 100 per priority, each a whole 1-100, with at least one primary', async () => {
    const app = await createApplication(t, aap);
    const info = validSteps().personalInfo;
    const base = info.beneficiaries?.[0] ?? {};
    const cases: [typeof info.beneficiaries, { field: string; key: string }[]][] = [
      [
        [
          { ...base, shareBenifit: '60' },
          { ...base, shareBenifit: '30' },
        ],
        [{ field: 'personalInfo.beneficiaryShares.p', key: 'invalid' }],
      ],
      [
        [
          { ...base, shareBenifit: '100' },
          { ...base, priority: 's', shareBenifit: '50' },
        ],
        [{ field: 'personalInfo.beneficiaryShares.s', key: 'invalid' }],
      ],
      [[{ ...base, priority: 's', shareBenifit: '100' }], [{ field: 'personalInfo.beneficiaries', key: 'required' }]],
      [
        [
          { ...base, shareBenifit: '0' },
          { ...base, shareBenifit: '100' },
        ],
        [{ field: 'personalInfo.beneficiaries.0.shareBenifit', key: 'numbericRange' }],
      ],
      [
        [{ ...base, shareBenifit: '101' }],
        [
          { field: 'personalInfo.beneficiaries.0.shareBenifit', key: 'numbericRange' },
          { field: 'personalInfo.beneficiaryShares.p', key: 'invalid' },
        ],
      ],
    ];
    for (const [beneficiaries, expected] of cases) {
      const res = await saveStep(aap, app, 'personalInfo', { ...info, beneficiaries }, true);
      expect(res.statusCode, JSON.stringify(beneficiaries)).toBe(422);
      expect(errorsOf(res.body)).toEqual(expected);
    }
    const ok = await saveStep(
      aap,
      app,
      'personalInfo',
      {
        ...info,
        beneficiaries: [
          { ...base, shareBenifit: '100' },
          { ...base, priority: 's', shareBenifit: '25' },
          { ...base, priority: 's', shareBenifit: '75' },
        ],
      },
      true,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ApplicationResponse).completion.personalInfoCompleted).toBe(true);
  });

  it("product info: a payment type, the bank 005 for bank payments, and the advisor's confirmation", async () => {
    const app = await createApplication(t, aap);
    const res = await saveStep(aap, app, 'productInfo', { paymentType: 'CDB', premiumBankCode: '' }, true);
    expect(errorsOf(res.body)).toEqual([
      { field: 'productInfo.premiumBankCode', key: 'required' },
      { field: 'productInfo.confirmed', key: 'required' },
    ]);
    const ok = await saveStep(aap, app, 'productInfo', { paymentType: 'CDB', premiumBankCode: '005', confirmed: true }, true);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('health: every question answered for each person asked, details for a Y', async () => {
    const app = await createApplication(t, aap);
    const answers = [1, 2, 3, 4].map((n) => ({ questionNumber: n, answerSequenceNo: 1, answerValue: n === 2 ? 'Y' : 'N' }));
    const res = await saveStep(aap, app, 'healthInfo', { answers }, true);
    expect(errorsOf(res.body)).toEqual([
      { field: 'healthInfo.answers.1.2.answerDescription', key: 'required' },
      { field: 'healthInfo.answers.1.5.answerValue', key: 'required' },
    ]);
    const ok = await saveStep(
      aap,
      app,
      'healthInfo',
      {
        answers: [
          ...answers.map((a) => ({ ...a, answerDescription: 'High blood pressure since 2020' })),
          { questionNumber: 5, answerSequenceNo: 1, answerValue: 'N' },
        ],
      },
      true,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('declaration: agreed, and signed by the owner and the advisor (drawn or typed)', async () => {
    const app = await createApplication(t, aap);
    const res = await saveStep(
      aap,
      app,
      'declarationAuthorization',
      { agreed: false, signatures: { policyOwner: { method: 'typed', typedName: '' } } },
      true,
    );
    expect(errorsOf(res.body)).toEqual([
      { field: 'declarationAuthorization.agreed', key: 'required' },
      { field: 'declarationAuthorization.signatures.policyOwner', key: 'required' },
      { field: 'declarationAuthorization.signatures.advisor', key: 'required' },
    ]);
    const notPng = await saveStep(
      aap,
      app,
      'declarationAuthorization',
      { agreed: true, signatures: { policyOwner: { method: 'drawn', image: 'data:text/html;base64,PGI+' } } },
      false,
    );
    expect(notPng.statusCode).toBe(422);
    const ok = await saveStep(aap, app, 'declarationAuthorization', validSteps().declarationAuthorization, true);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('declaration: a drawn signature must decode as a PNG of sane size; what is stored is the image re-encoded', async () => {
    let app = await createApplication(t, aap);
    const valid = validSteps().declarationAuthorization;
    const withImage = (image: string) => ({
      ...valid,
      signatures: { ...valid.signatures, policyOwner: { ...valid.signatures?.policyOwner, method: 'drawn', image } },
    });
    const asUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
    const good = pngBytes(480, 160);
    const corrupt = Buffer.from(good);
    corrupt[corrupt.length - 20] = (corrupt[corrupt.length - 20] ?? 0) ^ 0xff; // inside the last IDAT: its CRC no longer matches
    const hugeHeader = Buffer.from(good);
    hugeHeader.writeUInt32BE(60_000, 16); // IHDR says 60000 px wide
    const refused: [string, string][] = [
      ['text with a PNG prefix', asUrl(Buffer.from('<svg onload="alert(1)"></svg>'))],
      ['a PNG signature and nothing else', asUrl(good.subarray(0, 8))],
      ['a truncated PNG', asUrl(good.subarray(0, good.length - 30))],
      ['a corrupted PNG', asUrl(corrupt)],
      ['a header claiming a huge bitmap', asUrl(hugeHeader)],
      ['too wide', asUrl(pngBytes(2400, 100))],
      ['too small', asUrl(pngBytes(8, 8))],
      ['bytes after the end of the PNG', asUrl(Buffer.concat([good, Buffer.from('<script>alert(1)</script>')]))],
    ];
    for (const [what, image] of refused) {
      const res = await saveStep(aap, app, 'declarationAuthorization', withImage(image), false);
      expect(res.statusCode, what).toBe(422);
      expect(errorsOf(res.body), what).toEqual([{ field: 'declarationAuthorization.signatures.policyOwner.image', key: 'invalid' }]);
    }
    // A real PNG with a text chunk: accepted, stored as its pixels re-encoded (the chunk not kept).
    const injected = withTextChunk(good, '<script>alert(1)</script>');
    expect(injected.toString('latin1')).toContain('script');
    const res = await saveStep(aap, app, 'declarationAuthorization', withImage(asUrl(injected)), true);
    expect(res.statusCode, res.body).toBe(200);
    app = res.json() as ApplicationResponse;
    const stored = Buffer.from(
      (app.steps.declarationAuthorization.signatures?.policyOwner?.image ?? '').replace('data:image/png;base64,', ''),
      'base64',
    );
    expect(stored.toString('latin1')).not.toContain('script');
    const pixels = PNG.sync.read(stored);
    expect([pixels.width, pixels.height]).toEqual([480, 160]);
    expect(Buffer.compare(pixels.data, PNG.sync.read(good).data)).toBe(0);
  });

  it('advisor statement: the bank referral rule names every missing field, and employeeId must equal its confirmation', async () => {
    const app = await createApplication(t, aap);
    const res = await saveStep(
      aap,
      app,
      'advisorStatement',
      { referrerCode: '14', isBankReferal: true, bank: 'BAANZ', statementAgreed: true, employeeId: 'E123', employeeIdConfirmed: 'E124' },
      true,
    );
    expect(errorsOf(res.body)).toEqual([
      { field: 'advisorStatement.department', key: 'bankReferralValidator' },
      { field: 'advisorStatement.referrer', key: 'bankReferralValidator' },
      { field: 'advisorStatement.isSupervisor', key: 'bankReferralValidator' },
      { field: 'advisorStatement.supervisor', key: 'bankReferralValidator' },
      { field: 'advisorStatement.referralDate', key: 'bankReferralValidator' },
      { field: 'advisorStatement.employeeIdConfirmed', key: 'unmatched' },
    ]);
    const wrongBank = await saveStep(
      aap,
      app,
      'advisorStatement',
      {
        referrerCode: '09',
        isBankReferal: true,
        bank: 'BAANZ',
        department: '001',
        referrer: 'Mony',
        isSupervisor: false,
        supervisor: 'Dara',
        referralDate: '01/11/2026',
        employeeId: 'E123',
        employeeIdConfirmed: 'E123',
        statementAgreed: true,
      },
      true,
    );
    expect(errorsOf(wrongBank.body)).toEqual([{ field: 'advisorStatement.bank', key: 'invalid' }]);
    const ok = await saveStep(
      aap,
      app,
      'advisorStatement',
      {
        referrerCode: '09',
        isBankReferal: true,
        bank: 'BAMAY',
        department: '002',
        referrer: 'Mony',
        isSupervisor: false,
        supervisor: 'Dara',
        referralDate: '01/11/2026',
        employeeId: 'E123',
        employeeIdConfirmed: 'E123',
        statementAgreed: true,
      },
      true,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const staff = await saveStep(aap, app, 'advisorStatement', { referrerCode: '05', isBankReferal: false, statementAgreed: true }, true);
    expect(staff.statusCode).toBe(409); // stale version: the one above moved it on
  });

  it('a stale version is 409', async () => {
    const app = await createApplication(t, aap);
    expect((await saveStep(aap, app, 'productInfo', { paymentType: 'CS' }, false)).statusCode).toBe(200);
    expect((await saveStep(aap, app, 'productInfo', { paymentType: 'CHQ' }, false)).statusCode).toBe(409);
  });

  it('lists the branches of a partner bank; an unknown bank is 404', async () => {
    const res = await aap.get('/api/appform/v1/lov/branch/BAMAY');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { branches: { code: string }[] }).branches.map((b) => b.code)).toContain('002');
    expect((await aap.get('/api/appform/v1/lov/branch/NOPE')).statusCode).toBe(404);
  });

  it('audits reads and changes of an application', async () => {
    const app = await createApplication(t, aap);
    await aap.get(`/api/appform/v1/find/${app.id}`);
    await saveStep(aap, app, 'productInfo', { paymentType: 'CS' }, false);
    const history = await t.app.audit.history('application', app.id);
    expect(history.map((h) => h.action).sort()).toEqual(['create', 'read', 'update']);
    expect(JSON.stringify(history)).not.toContain('Sokha');
  });
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The PNG with a well-formed tEXt chunk (right CRC) right after IHDR. */
function withTextChunk(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const afterIhdr = 8 + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}
