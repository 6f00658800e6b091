// The four-eyes rule of recruitment, the minimum age and the candidate's own acceptances, on an
// agency of this test's own: the admin who started and filled a candidate's form may not approve
// them, record their exam result, upload their licence or convert them (403 with a reason of its
// own); a second admin of the agency may. Conversion names what it still needs.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { Role } from '@portal/domain/codes/roles';
import type { Candidate, ItcClass } from '@portal/domain/contracts/candidates/candidate';
import { CANDIDATE_MIN_AGE } from '@portal/domain/rules/recruitment';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { authClient, setClock } from '../auth/auth-client';
import { bearerFor, createTestApp, type TestApp } from '../helpers/test-app';
import {
  callerWith,
  DOCUMENT_TYPES,
  formBody,
  freshIdNumber,
  freshPhone,
  openLink,
  pdfBytes,
  pngBytes,
  type Caller,
  type RecruitmentContext,
} from './recruitment-kit';

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');
/** The app's running clock, started at NOW (put back after a step moves it). */
let running: () => Date;
let t: TestApp;
let ctx: RecruitmentContext;
let agencyId: string;
const users = new Map<string, { id: string; roles: Role[] }>();

async function makeUser(name: string, roles: Role[]): Promise<void> {
  const [row] = await t.db
    .insert(appUser)
    .values({ username: `${name}.${randomUUID().slice(0, 8)}`, displayName: name, roles, agencyId, phone: freshPhone().e164 })
    .returning({ id: appUser.id });
  users.set(name, { id: (row as { id: string }).id, roles });
}

/** A signed-in caller for one of this test's users (a token minted at the app's current time). */
async function as(name: string): Promise<Caller> {
  const user = users.get(name);
  if (!user) throw new Error(`no user ${name}`);
  const { authorization } = await bearerFor(t, { sub: user.id, roles: user.roles, agencyId });
  return callerWith(t, ctx.client, authorization.slice('Bearer '.length));
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  running = t.app.services.clock.now;
  const [row] = await t.db.insert(agency).values({ code: 'AG-4E-01', name: 'Four Eyes Agency', nameKh: 'ភ្នាក់ងារ' }).returning();
  agencyId = (row as { id: string }).id;
  await makeUser('maker', ['ROLE_AA']);
  await makeUser('checker', ['ROLE_AA']);
  const client = authClient(t);
  ctx = { t, client, aap: undefined as never, aap2: undefined as never, aa: undefined as never, as: undefined as never };
}, 120_000);
afterAll(() => t.close());

/** A date of birth (DD/MM/YYYY) `years` years before the app's today in Phnom Penh, moved by `days`. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date(`${todayInPhnomPenh(NOW)}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

function personal(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Sophea',
    lastName: 'Noun',
    gender: 'F',
    dateOfBirth: '14/02/1996',
    phone: freshPhone().typed,
    idType: '1',
    idNumber: freshIdNumber(),
    ...overrides,
  };
}

async function count(query: string): Promise<number> {
  const res = await t.db.execute(sql.raw(query));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The maker starts a candidate on the form and edits it, then sends the candidate a secure link. */
async function startedByMaker(): Promise<{ candidate: Candidate; cnl: Caller }> {
  const maker = await as('maker');
  const init = await maker.post('/api/candidate/v1/form/init', personal());
  expect(init.statusCode, init.body).toBe(201);
  const started = init.json() as Candidate;
  const edited = await maker.post(
    `/api/candidate/v1/form/update/${started.id}`,
    formBody(started, { codeOfConductAccepted: false, contractAccepted: false }),
  );
  expect(edited.statusCode, edited.body).toBe(200);
  const link = await maker.post('/api/candidate/v1/form/link', {
    firstName: started.firstName,
    lastName: started.lastName,
    phone: `0${started.phone.slice(4)}`,
    idNumber: started.idNumber,
    candidateNumber: started.candidateNumber,
  });
  expect(link.statusCode, link.body).toBe(201);
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(started.phone)}` });
  const message = (outbox.json() as { purpose: string; link?: string }[]).find((m) => m.purpose === 'secure-link');
  const token = decodeURIComponent(message?.link?.split('#token=')[1] ?? '');
  const cnl = await openLink(ctx, token, started.candidateNumber);
  return { candidate: (await cnl.get('/api/candidate/v1/form/find')).json() as Candidate, cnl };
}

async function completeAndSubmit(cnl: Caller, candidate: Candidate): Promise<Candidate> {
  const saved = await cnl.post(`/api/candidate/v1/form/update/${candidate.id}`, formBody(candidate));
  expect(saved.statusCode, saved.body).toBe(200);
  for (const type of DOCUMENT_TYPES) {
    const up = await cnl.upload('/api/candidate/v1/document/upload', [
      { name: 'candidateId', value: candidate.id },
      { name: 'documentType', value: type },
      type === 'portrait-photo'
        ? { name: 'file', fileName: 'me.png', contentType: 'image/png', data: pngBytes() }
        : { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(up.statusCode, up.body).toBe(201);
  }
  const submitted = await cnl.post(`/api/candidate/v1/form/submit/${candidate.id}`, { version: (saved.json() as Candidate).version });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as Candidate;
}

describe('four eyes on recruitment', () => {
  it('lets only another agency admin approve, record the exam, upload the licence and convert', async () => {
    const { candidate, cnl } = await startedByMaker();

    // Staff may not accept the code of conduct or the contract for the candidate.
    const forged = await (await as('maker')).post(`/api/candidate/v1/form/update/${candidate.id}`, formBody(candidate));
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json()).toMatchObject({ messageKey: 'acceptance_candidate_only' });

    const submitted = await completeAndSubmit(cnl, candidate);
    // The candidate's own session accepted both, stored with the time and the address it came from.
    expect(submitted.codeOfConductAcceptedAt).not.toBeNull();
    expect(submitted.contractAcceptedAt).not.toBeNull();
    expect(
      await count(
        `SELECT count(*)::int AS n FROM candidate WHERE id = '${candidate.id}' AND code_of_conduct_accepted_ip = '${ctx.client.ip}' AND contract_accepted_ip = '${ctx.client.ip}'`,
      ),
    ).toBe(1);

    const body = { candidateId: candidate.id, version: submitted.version, action: 'approve' };
    const refused = await (await as('maker')).post('/api/candidate/v1/form/review', body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'four_eyes', messageKey: 'four_eyes_approve' });
    const approved = await (await as('checker')).post('/api/candidate/v1/form/review', body);
    expect(approved.statusCode, approved.body).toBe(200);

    const classes = (await (await as('checker')).get('/api/candidate/v1/itc/classes')).json() as { items: ItcClass[] };
    const itc = classes.items[0] as ItcClass;
    const assigned = await (
      await as('maker')
    ).post('/api/candidate/v1/form/review', {
      candidateId: candidate.id,
      version: (approved.json() as Candidate).version,
      action: 'assignItc',
      itcClassId: itc.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // The exam, on the class's first day.
    setClock(t, new Date(`${itc.startDate}T05:00:00Z`));
    try {
      const csv = Buffer.from(
        `candidateNumber,lastName,firstName,itcClass,examDate,score,result\r\n${candidate.candidateNumber},,,${itc.code},${itc.startDate},88,PASS`,
      );
      const file = [{ name: 'file', fileName: 'results.csv', contentType: 'text/csv', data: csv }];
      const byMaker = await (await as('maker')).upload('/api/support/v1/exam/upload', file);
      expect(byMaker.statusCode, byMaker.body).toBe(403);
      expect(byMaker.json()).toMatchObject({
        messageKey: 'four_eyes_exam_result',
        errors: [{ field: 'row.2.candidateNumber', key: 'four_eyes' }],
      });
      expect(((await (await as('checker')).get(`/api/candidate/v1/find/${candidate.id}`)).json() as Candidate).status).toBe('itc_assigned');
      const byChecker = await (await as('checker')).upload('/api/support/v1/exam/upload', file);
      expect(byChecker.statusCode, byChecker.body).toBe(200);
    } finally {
      t.app.services.clock.now = running;
    }

    const licence = (name: string) => [
      { name: 'candidateId', value: candidate.id },
      { name: 'licenceNumber', value: 'IRC4E001' },
      { name: 'file', fileName: `${name}.pdf`, contentType: 'application/pdf', data: pdfBytes() },
    ];
    const ircByMaker = await (await as('maker')).upload('/api/candidate/v1/irc/upload', licence('maker'));
    expect(ircByMaker.statusCode, ircByMaker.body).toBe(403);
    expect(ircByMaker.json()).toMatchObject({ messageKey: 'four_eyes_irc_upload' });
    const ircByChecker = await (await as('checker')).upload('/api/candidate/v1/irc/upload', licence('checker'));
    expect(ircByChecker.statusCode, ircByChecker.body).toBe(200);

    // Conversion names what is missing: here the countersigned contract.
    const early = await (await as('checker')).post('/api/support/v1/convert/candidate', { candidateId: candidate.id });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      messageKey: 'conversion_incomplete',
      errors: [{ field: 'countersigned_contract', key: 'conversion_missing_countersigned_contract' }],
    });
    const countersigned = await (
      await as('checker')
    ).upload('/api/candidate/v1/contract/upload', [
      { name: 'candidateId', value: candidate.id },
      { name: 'file', fileName: 'countersigned.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(countersigned.statusCode, countersigned.body).toBe(201);

    const convertByMaker = await (await as('maker')).post('/api/support/v1/convert/candidate', { candidateId: candidate.id });
    expect(convertByMaker.statusCode, convertByMaker.body).toBe(403);
    expect(convertByMaker.json()).toMatchObject({ messageKey: 'four_eyes_convert' });
    expect(await count(`SELECT count(*)::int AS n FROM candidate WHERE id = '${candidate.id}' AND status = 'licensed'`)).toBe(1);
    const converted = await (await as('checker')).post('/api/support/v1/convert/candidate', { candidateId: candidate.id });
    expect(converted.statusCode, converted.body).toBe(200);
  });

  it('conversion lists every requirement a candidate lacks', async () => {
    const { candidate, cnl } = await startedByMaker();
    await completeAndSubmit(cnl, candidate);
    const res = await (await as('checker')).post('/api/support/v1/convert/candidate', { candidateId: candidate.id });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'countersigned_contract',
      'exam_passed',
      'irc_licence',
    ]);
  });
});

describe(`minimum age ${CANDIDATE_MIN_AGE}`, () => {
  it('refuses to start a candidate a day short of it, and starts one on the birthday', async () => {
    const maker = await as('maker');
    const phone = freshPhone();
    const young = await maker.post(
      '/api/candidate/v1/form/init',
      personal({ phone: phone.typed, dateOfBirth: yearsAgo(CANDIDATE_MIN_AGE, 1) }),
    );
    expect(young.statusCode, young.body).toBe(409);
    expect(young.json()).toMatchObject({ messageKey: 'ineligible_under_age' });
    expect(await count(`SELECT count(*)::int AS n FROM candidate WHERE phone = '${phone.e164}'`)).toBe(0);
    const adult = await maker.post('/api/candidate/v1/form/init', personal({ dateOfBirth: yearsAgo(CANDIDATE_MIN_AGE) }));
    expect(adult.statusCode, adult.body).toBe(201);
  });

  it('refuses to submit a form whose date of birth makes the candidate too young', async () => {
    const { candidate, cnl } = await startedByMaker();
    const saved = await cnl.post(`/api/candidate/v1/form/update/${candidate.id}`, formBody(candidate, { dateOfBirth: yearsAgo(16) }));
    expect(saved.statusCode, saved.body).toBe(200);
    for (const type of DOCUMENT_TYPES) {
      await cnl.upload('/api/candidate/v1/document/upload', [
        { name: 'candidateId', value: candidate.id },
        { name: 'documentType', value: type },
        type === 'portrait-photo'
          ? { name: 'file', fileName: 'me.png', contentType: 'image/png', data: pngBytes() }
          : { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: pdfBytes() },
      ]);
    }
    const submitted = await cnl.post(`/api/candidate/v1/form/submit/${candidate.id}`, { version: (saved.json() as Candidate).version });
    expect(submitted.statusCode, submitted.body).toBe(409);
    expect(submitted.json()).toMatchObject({ messageKey: 'ineligible_under_age' });
    expect(((await cnl.get('/api/candidate/v1/form/find')).json() as Candidate).status).toBe('draft');
  });
});
