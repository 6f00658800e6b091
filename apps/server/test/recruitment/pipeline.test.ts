import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { sql } from 'drizzle-orm';
import type { Candidate, ItcClass } from '@portal/domain/contracts/candidates/candidate';
import type { AgentProductsResponse } from '@portal/domain/contracts/candidates/agent-products';
import { UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import { authClient, latestOtp, resetClock, setClock } from '../auth/auth-client';
import {
  fillAndSubmit,
  formBody,
  openLink,
  pdfBytes,
  pngBytes,
  recruitmentTestApp,
  sendLink,
  type Caller,
  type RecruitmentContext,
} from './recruitment-kit';

let ctx: RecruitmentContext;
beforeAll(async () => {
  ctx = await recruitmentTestApp();
}, 180_000);
afterAll(() => ctx.t.close());

async function count(query: string): Promise<number> {
  const res = await ctx.t.db.execute(sql.raw(query));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** A candidate taken by link through the form and submitted; returns it and the candidate's session. */
async function submitted(): Promise<{ candidate: Candidate; cnl: Caller }> {
  const sent = await sendLink(ctx);
  const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
  return { candidate: await fillAndSubmit(cnl), cnl };
}

async function review(candidate: Candidate, action: string, extra: Record<string, unknown> = {}) {
  return ctx.aa.post('/api/candidate/v1/form/review', { candidateId: candidate.id, version: candidate.version, action, ...extra });
}

async function firstClass(): Promise<ItcClass> {
  const res = await ctx.aa.get('/api/candidate/v1/itc/classes');
  return (res.json() as { items: ItcClass[] }).items[0] as ItcClass;
}

async function approvedCandidate(): Promise<Candidate> {
  const { candidate } = await submitted();
  const res = await review(candidate, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Candidate;
}

async function assigned(): Promise<Candidate> {
  const approved = await approvedCandidate();
  const res = await review(approved, 'assignItc', { itcClassId: (await firstClass()).id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Candidate;
}

function examCsv(rows: string[][]): Buffer {
  return Buffer.from(
    ['candidateNumber,lastName,firstName,itcClass,examDate,score,result', ...rows.map((r) => r.join(','))].join('\r\n'),
    'utf8',
  );
}

function uploadExam(fileName: string, data: Buffer, contentType = 'text/csv', by: Caller = ctx.aa) {
  return by.upload('/api/support/v1/exam/upload', [{ name: 'file', fileName, contentType, data }]);
}

/**
 * Runs `fn` on the first ITC class's opening day (an exam date may be neither before its class nor
 * after today), with an agency admin signed in that day; the clock is put back after.
 */
async function onExamDay<T>(fn: (day: string, aa: Caller) => Promise<T>): Promise<T> {
  const day = (await firstClass()).startDate;
  setClock(ctx.t, new Date(`${day}T05:00:00Z`));
  try {
    return await fn(day, await ctx.as('demo.aa'));
  } finally {
    resetClock(ctx.t);
  }
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');

describe('starting a candidate', () => {
  it('catches an existing agent and a blocked person (find/existing and on start)', async () => {
    const agent = await ctx.aap.get('/api/candidate/v1/find/existing?phone=012345604');
    expect(agent.json()).toEqual({ eligible: false, reason: 'existing_agent' });
    await ctx.t.db.execute(sql`INSERT INTO candidate_blocklist (id_number, reason) VALUES ('987654321', 'terminated for fraud')`);
    expect((await ctx.aap.get('/api/candidate/v1/find/existing?idNumber=987654321')).json()).toEqual({
      eligible: false,
      reason: 'blocked',
    });
    expect((await ctx.aap.get('/api/candidate/v1/find/existing?phone=017555444&idNumber=111222333')).json()).toEqual({ eligible: true });
    const refused = await ctx.aap.post('/api/candidate/v1/form/link', {
      firstName: 'Bad',
      lastName: 'Actor',
      phone: '017555443',
      idNumber: '987654321',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageKey: 'ineligible_blocked' });
  });

  it("lets a recruiter fill the form (createRecruitmentApp), with the contact rules' field errors", async () => {
    const bad = await ctx.aap.post('/api/candidate/v1/form/init', {
      firstName: 'S0kha',
      lastName: 'Lim',
      gender: 'M',
      dateOfBirth: '31/02/1990',
      phone: '01x',
      idType: '1',
      idNumber: '12',
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'dateOfBirth', 'phone', 'idNumber']));
    const ok = await ctx.aap.post('/api/candidate/v1/form/init', {
      firstName: 'Sokha',
      lastName: 'Lim',
      gender: 'M',
      dateOfBirth: '01/02/1990',
      phone: '017 666 555'.replace(/ /g, ''),
      idType: '1',
      idNumber: '246813579',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const c = ok.json() as Candidate;
    expect(c).toMatchObject({ status: 'draft', phone: '+85517666555', recruiterName: 'Sokha Chan' });
    expect(c.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'draft', actorName: 'Sokha Chan', actorRole: 'ROLE_AAP' }),
    ]);
    // Another advisor does not see it.
    expect((await ctx.aap2.get(`/api/candidate/v1/find/${c.id}`)).statusCode).toBe(404);
  });
});

describe('the candidate form', () => {
  it('applies the upload rules: pdf/png by content, 5 MB, a file required, a known document type', async () => {
    const sent = await sendLink(ctx);
    const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
    const up = (documentType: string, file?: { fileName: string; data: Buffer; contentType?: string }) =>
      cnl.upload('/api/candidate/v1/document/upload', [
        { name: 'candidateId', value: sent.candidateId },
        { name: 'documentType', value: documentType },
        ...(file ? [{ name: 'file', fileName: file.fileName, contentType: file.contentType ?? 'application/pdf', data: file.data }] : []),
      ]);
    expect((await up('diploma', { fileName: 'virus.pdf', data: Buffer.from('MZ\x90\x00not a pdf at all', 'latin1') })).statusCode).toBe(
      415,
    );
    expect((await up('diploma', { fileName: 'photo.pdf', data: pngBytes() })).statusCode).toBe(415);
    expect((await up('diploma', { fileName: 'notes.txt', data: pdfBytes(), contentType: 'text/plain' })).statusCode).toBe(415);
    expect((await up('diploma', { fileName: 'big.pdf', data: pdfBytes(UPLOAD_MAX_BYTES + 1) })).statusCode).toBe(413);
    expect((await up('diploma')).json()).toMatchObject({ errors: [{ field: 'file', key: 'required' }] });
    expect((await up('passport', { fileName: 'p.pdf', data: pdfBytes() })).json()).toMatchObject({
      errors: [{ field: 'documentType', key: 'invalid' }],
    });
    expect(await count(`SELECT count(*)::int AS n FROM candidate_document WHERE candidate_id = '${sent.candidateId}'`)).toBe(0);
    expect((await up('diploma', { fileName: 'diploma.pdf', data: pdfBytes() })).statusCode).toBe(201);
    expect((await up('portrait-photo', { fileName: 'me.png', data: pngBytes(), contentType: 'image/png' })).statusCode).toBe(201);
    // A new file for the same document replaces the old one.
    expect((await up('diploma', { fileName: 'diploma-2.pdf', data: pdfBytes(900) })).statusCode).toBe(201);
    const docs = (await cnl.get(`/api/candidate/v1/documents/find/${sent.candidateId}`)).json() as {
      items: { documentType: string; fileName: string }[];
    };
    expect(docs.items.map((d) => [d.documentType, d.fileName]).sort()).toEqual([
      ['diploma', 'diploma-2.pdf'],
      ['portrait-photo', 'me.png'],
    ]);
  });

  it('refuses to submit an incomplete form, naming what is missing', async () => {
    const sent = await sendLink(ctx);
    const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
    const own = (await cnl.get('/api/candidate/v1/form/find')).json() as Candidate;
    const res = await cnl.post(`/api/candidate/v1/form/submit/${own.id}`, { version: own.version });
    expect(res.statusCode).toBe(422);
    const fields = (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['documents.portrait-photo', 'documents.id-back', 'codeOfConductAccepted', 'contractAccepted', 'education']),
    );
    const stale = await cnl.post(`/api/candidate/v1/form/update/${own.id}`, formBody(own, { version: own.version + 5 }));
    expect(stale.statusCode).toBe(409);
  });

  it('serves the contract as a real PDF in Khmer', async () => {
    const sent = await sendLink(ctx);
    const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
    const res = await cnl.get(`/api/candidate/v1/contract/download?candidateId=${sent.candidateId}&lang=km`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});

describe('review by the agency admin', () => {
  it('returns with comments (the candidate can edit again), then approves; each move in the history', async () => {
    const { candidate, cnl } = await submitted();
    expect(candidate.status).toBe('submitted');
    expect((await cnl.post(`/api/candidate/v1/form/update/${candidate.id}`, formBody(candidate))).statusCode).toBe(409);
    expect((await review(candidate, 'return')).json()).toMatchObject({ errors: [{ field: 'comment', key: 'required' }] });
    const returned = (await review(candidate, 'return', { comment: 'The ID card photo is blurred' })).json() as Candidate;
    expect(returned).toMatchObject({ status: 'returned', reviewComment: 'The ID card photo is blurred' });
    const resubmitted = await cnl.post(`/api/candidate/v1/form/submit/${candidate.id}`, { version: returned.version });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const approved = await review(resubmitted.json() as Candidate, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const history = (approved.json() as Candidate).history.map((h) => [h.fromStatus, h.toStatus, h.actorRole]);
    expect(history).toEqual([
      [null, 'draft', 'ROLE_AAP'],
      ['draft', 'submitted', 'ROLE_CNL'],
      ['submitted', 'returned', 'ROLE_AA'],
      ['returned', 'submitted', 'ROLE_CNL'],
      ['submitted', 'approved', 'ROLE_AA'],
    ]);
    // A second approval of the same version is a stale write.
    expect((await review(candidate, 'approve')).statusCode).toBe(409);
  });
});

describe('ITC class capacity', () => {
  /** A class far ahead (listed after the scheduled ones) with `capacity` seats. */
  async function smallClass(code: string, capacity: number): Promise<string> {
    const res = await ctx.t.db.execute(sql`INSERT INTO candidate_itc_class (code, start_date, end_date, location, capacity)
      VALUES (${code}, '2099-01-05', '2099-01-09', 'Siem Reap training centre', ${capacity}) RETURNING id`);
    return (res as unknown as { rows: { id: string }[] }).rows[0]?.id as string;
  }

  it('refuses to assign a candidate to a full class (422 itc_class_full); the candidate stays approved', async () => {
    const itcClassId = await smallClass('ITC-CAP-1', 1);
    const a = await approvedCandidate();
    const b = await approvedCandidate();
    const first = await review(a, 'assignItc', { itcClassId });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await review(b, 'assignItc', { itcClassId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'itc_class_full',
      messageKey: 'itc_class_full',
      errors: [{ field: 'itcClassId', key: 'itc_class_full' }],
    });
    expect(((await ctx.aa.get(`/api/candidate/v1/find/${b.id}`)).json() as Candidate).status).toBe('approved');
    const listed = ((await ctx.aa.get('/api/candidate/v1/itc/classes')).json() as { items: ItcClass[] }).items.find(
      (c) => c.id === itcClassId,
    );
    expect(listed).toMatchObject({ capacity: 1, enrolled: 1 });
  });

  it('two assignments racing for the last seat: exactly one wins', async () => {
    const itcClassId = await smallClass('ITC-CAP-2', 2);
    const [seated, c, d] = [await approvedCandidate(), await approvedCandidate(), await approvedCandidate()];
    expect((await review(seated, 'assignItc', { itcClassId })).statusCode).toBe(200);
    const results = await Promise.all([c, d].map((x) => review(x, 'assignItc', { itcClassId })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)?.json()).toMatchObject({ messageKey: 'itc_class_full' });
    expect(await count(`SELECT count(*)::int AS n FROM candidate WHERE itc_class_id = '${itcClassId}'`)).toBe(2);
  });
});

describe('ITC exam results upload', () => {
  it('offers the template in CSV and XLSX with the candidates awaiting a result', async () => {
    const c = await assigned();
    const csv = await ctx.aa.get('/api/support/v1/exam/download/template?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(c.candidateNumber);
    const xlsx = await ctx.aa.get('/api/support/v1/exam/download/template?format=xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('applies nothing when one row is bad, and reports every bad row', async () => {
    const a = await assigned();
    const b = await assigned();
    const res = await onExamDay((day, aa) =>
      uploadExam(
        'results.csv',
        examCsv([
          [a.candidateNumber, 'Noun', 'Sophea', '', day, '85', 'PASS'],
          [b.candidateNumber, 'Noun', 'Sophea', '', day, '140', 'PASS'],
          ['C9999999', 'X', 'Y', '', day, '50', 'FAIL'],
          [a.candidateNumber, 'Noun', 'Sophea', '', '2099-01-01', '40', 'PASS'],
        ]),
        'text/csv',
        aa,
      ),
    );
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: unknown[] }).errors).toEqual([
      { field: 'row.3.score', key: 'numbericRange' },
      { field: 'row.4.candidateNumber', key: 'exam_unknown_candidate' },
      { field: 'row.5.examDate', key: 'date_not_bigger_then_current_date' },
      { field: 'row.5.result', key: 'invalid' },
    ]);
    for (const c of [a, b]) expect(((await ctx.aa.get(`/api/candidate/v1/find/${c.id}`)).json() as Candidate).status).toBe('itc_assigned');
  });

  it("reports a header problem as the file's (file.header.<column>), never as a row, and applies nothing", async () => {
    const a = await assigned();
    const day = (await firstClass()).startDate;
    const row = [a.candidateNumber, 'Noun', 'Sophea', '', day, '85', 'PASS'].join(',');
    const upload = async (lines: string[]) => {
      const res = await uploadExam('results.csv', Buffer.from(lines.join('\r\n'), 'utf8'));
      expect(res.statusCode, res.body).toBe(422);
      const errors = (res.json() as { errors: { field: string; key: string }[] }).errors;
      expect(errors.filter((e) => !e.field.startsWith('file'))).toEqual([]);
      return errors;
    };
    // A mistyped column: unknown, and the one it should have been missing.
    expect(await upload(['candidateNumber,lastName,firstName,itcClass,examDate,scor,result', row])).toEqual([
      { field: 'file.header.scor', key: 'exam_header_unknown' },
      { field: 'file.header.score', key: 'exam_header_missing' },
    ]);
    // A column twice.
    expect(await upload(['candidateNumber,lastName,firstName,itcClass,examDate,score,result,Score', `${row},85`])).toEqual([
      { field: 'file.header.score', key: 'exam_header_duplicate' },
    ]);
    // No header row at all (the first row is a candidate's): one problem, not one per cell.
    expect(await upload([row])).toEqual([{ field: 'file.header', key: 'exam_header_none' }]);
    // Blank header cells (trailing commas from a spreadsheet) are not columns.
    const ok = await onExamDay((_, aa) =>
      uploadExam(
        'results.csv',
        Buffer.from(['candidateNumber,lastName,firstName,itcClass,examDate,score,result,,', `${row},,`].join('\r\n'), 'utf8'),
        'text/csv',
        aa,
      ),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ applied: 1, passed: 1, failed: 0 });
  });

  it('applies a good file (CSV, then XLSX) in one go', async () => {
    const a = await assigned();
    const b = await assigned();
    const c = await assigned();
    await onExamDay(async (day, aa) => {
      const ok = await uploadExam(
        'results.csv',
        examCsv([
          [a.candidateNumber, '', '', '', dmy(day), '85', 'pass'],
          [b.candidateNumber, '', '', '', day, '40', 'FAIL'],
        ]),
        'text/csv',
        aa,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ applied: 2, passed: 1, failed: 1 });
      // The same rows again: the candidates no longer await a result.
      const again = await uploadExam('results.csv', examCsv([[a.candidateNumber, '', '', '', day, '85', 'PASS']]), 'text/csv', aa);
      expect(again.json()).toMatchObject({ errors: [{ field: 'row.2.candidateNumber', key: 'exam_not_enrolled' }] });

      const xlsx = await writeXlsxFile([
        ['candidateNumber', 'examDate', 'score', 'result'].map((value) => ({ value })),
        [c.candidateNumber, day, '77', 'PASS'].map((value) => ({ value })),
      ]).toBuffer();
      const res = await uploadExam('results.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', aa);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ applied: 1, passed: 1, failed: 0 });
    });
    expect((await ctx.aa.get(`/api/candidate/v1/find/${a.id}`)).json() as Candidate).toMatchObject({
      status: 'exam_passed',
      exam: { score: 85, result: 'PASS' },
    });
    expect((await uploadExam('results.xlsx', Buffer.from('a,b,c'))).statusCode).toBe(415);
  });
});

describe('IRC licence, conversion to a trainee, product permissions', () => {
  let licensed: Candidate;

  beforeAll(async () => {
    const a = await assigned();
    const res = await onExamDay((day, aa) =>
      uploadExam('results.csv', examCsv([[a.candidateNumber, '', '', '', day, '90', 'PASS']]), 'text/csv', aa),
    );
    expect(res.statusCode, res.body).toBe(200);
    const irc = await ctx.aa.upload('/api/candidate/v1/irc/upload', [
      { name: 'candidateId', value: a.id },
      { name: 'licenceNumber', value: 'IRC20261' },
      { name: 'file', fileName: 'irc.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(irc.statusCode, irc.body).toBe(200);
    const countersigned = await ctx.aa.upload('/api/candidate/v1/contract/upload', [
      { name: 'candidateId', value: a.id },
      { name: 'file', fileName: 'countersigned.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(countersigned.statusCode, countersigned.body).toBe(201);
    licensed = irc.json() as Candidate;
  }, 120_000);

  it('licensed the candidate with the IRC document, listed on irc/find', async () => {
    expect(licensed).toMatchObject({ status: 'licensed', ircLicenceNumber: 'IRC20261' });
    expect(licensed.documents.map((d) => d.documentType)).toContain('irc-licence');
    const list = (await ctx.aa.get('/api/candidate/v1/irc/find')).json() as { items: { candidateNumber: string }[] };
    expect(list.items.map((i) => i.candidateNumber)).toContain(licensed.candidateNumber);
    expect((await ctx.aa.get(`/api/candidate/v1/irc/download?candidateId=${licensed.id}`)).rawPayload.subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
  });

  it('searches the candidate and IRC lists with a term of at least 3 characters, as every search', async () => {
    for (const path of ['/api/candidate/v1/find', '/api/candidate/v1/irc/find']) {
      const found = (await ctx.aa.get(`${path}?q=${licensed.candidateNumber}`)).json() as { items: { candidateNumber: string }[] };
      expect(found.items.map((i) => i.candidateNumber)).toEqual([licensed.candidateNumber]);
      const short = await ctx.aa.get(`${path}?q=${encodeURIComponent(' C0 ')}`);
      expect(short.statusCode, short.body).toBe(422);
      expect((short.json() as { errors: unknown[] }).errors).toEqual([{ field: 'q', key: 'minlength' }]);
      expect((await ctx.aa.get(`${path}?q=%20`)).statusCode).toBe(200);
    }
  });

  it("takes the licence from the candidate's own session, for their own record only", async () => {
    const own = await submitted();
    const approved = await review(own.candidate, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const placed = await review(approved.json() as Candidate, 'assignItc', { itcClassId: (await firstClass()).id });
    expect(placed.statusCode, placed.body).toBe(200);
    const exam = await onExamDay((day, aa) =>
      uploadExam('results.csv', examCsv([[own.candidate.candidateNumber, '', '', '', day, '88', 'PASS']]), 'text/csv', aa),
    );
    expect(exam.statusCode, exam.body).toBe(200);
    const licence = (candidateId: string) => [
      { name: 'candidateId', value: candidateId },
      { name: 'licenceNumber', value: 'irc20262' },
      { name: 'file', fileName: 'my-irc.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ];

    // Another candidate's session cannot reach this record: 404, and nothing changes.
    const other = await submitted();
    const refused = await other.cnl.upload('/api/candidate/v1/irc/upload', licence(own.candidate.id));
    expect(refused.statusCode, refused.body).toBe(404);
    expect(((await ctx.aa.get(`/api/candidate/v1/find/${own.candidate.id}`)).json() as Candidate).status).toBe('exam_passed');

    const mine = await own.cnl.upload('/api/candidate/v1/irc/upload', licence(own.candidate.id));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: 'licensed', ircLicenceNumber: 'IRC20262' });
    expect(((await own.cnl.get('/api/candidate/v1/form/find')).json() as Candidate).documents.map((d) => d.documentType)).toContain(
      'irc-licence',
    );
  });

  it('refuses to convert a candidate who is not licensed', async () => {
    const c = await assigned();
    const res = await ctx.aa.post('/api/support/v1/convert/candidate', { candidateId: c.id });
    expect(res.statusCode).toBe(409);
  });

  it('converts once: two calls (one after the other and at the same time) give one trainee account', async () => {
    const [first, second] = await Promise.all([
      ctx.aa.post('/api/support/v1/convert/candidate', { candidateId: licensed.id }),
      ctx.aa.post('/api/support/v1/convert/candidate', { candidateId: licensed.id }),
    ]);
    const third = await ctx.aa.post('/api/support/v1/convert/candidate', { candidateId: licensed.id });
    const answers = [first, second, third].map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { userId: string; agentCode: string; alreadyConverted: boolean };
    });
    expect(new Set(answers.map((a) => a.userId)).size).toBe(1);
    expect(answers.filter((a) => !a.alreadyConverted)).toHaveLength(1);
    expect(answers[0]?.agentCode).toMatch(/^TR\d{6}$/);
    expect(await count(`SELECT count(*)::int AS n FROM app_user WHERE phone = '${licensed.phone}' AND 'ROLE_TRAINEE' = ANY(roles)`)).toBe(
      1,
    );
    expect(await count(`SELECT count(*)::int AS n FROM agent_code_history WHERE user_id = '${answers[0]?.userId}'`)).toBe(1);
  });

  it('lets the new trainee set a password and sign in', async () => {
    const c = (await ctx.aa.get(`/api/candidate/v1/find/${licensed.id}`)).json() as Candidate;
    expect(c.status).toBe('converted');
    const username = c.traineeUsername as string;
    const client = authClient(ctx.t);
    const reset = await client.post('/api/auth/v1/otp/reset', { username });
    const { requestCode } = reset.json() as { requestCode: string };
    const otp = await latestOtp(ctx.t, username, 'reset');
    expect((await client.post('/api/auth/v1/otp/verify', { requestCode, otp })).statusCode).toBe(200);
    const set = await client.post('/api/auth/v1/reset', {
      requestCode,
      password: 'Trainee#Kampot2026',
      confirmedPassword: 'Trainee#Kampot2026',
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await client.post('/api/auth/v1/login', { username, password: 'Trainee#Kampot2026' });
    expect(login.statusCode, login.body).toBe(200);
    const mfa = await client.post('/api/auth/v1/login/mfa', {
      requestCode: (login.json() as { requestCode: string }).requestCode,
      otp: await latestOtp(ctx.t, username, 'login'),
    });
    expect(mfa.statusCode).toBe(200);
    expect((mfa.json() as { user: { roles: string[] } }).user.roles).toEqual(['ROLE_TRAINEE']);
  });

  it('keeps per-agent product permissions, and the product permission check refuses the others', async () => {
    const c = (await ctx.aa.get(`/api/candidate/v1/find/${licensed.id}`)).json() as Candidate;
    const agentId = c.traineeUserId as string;
    const before = (await ctx.aa.get(`/api/agent-product/v1/find/${agentId}`)).json() as AgentProductsResponse;
    expect(before).toMatchObject({ restricted: false, productCodes: [], version: 0 });
    expect(before.codes).toEqual([expect.objectContaining({ agentCode: c.agentCode, reason: 'conversion', validTo: null })]);
    await expect(ctx.t.app.services.productPermissions.assert(agentId, 'EDU')).resolves.toBeUndefined();

    const saved = await ctx.aa.post('/api/agent-product/v1/create', { agentUserId: agentId, productCodes: ['LPTL', 'TERM'], version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ restricted: true, productCodes: ['LPTL', 'TERM'], version: 1 });
    await expect(ctx.t.app.services.productPermissions.assert(agentId, 'LPTL')).resolves.toBeUndefined();
    await expect(ctx.t.app.services.productPermissions.assert(agentId, 'EDU')).rejects.toMatchObject({
      status: 403,
      messageKey: 'product_not_permitted',
    });
    expect(
      (await ctx.aa.post('/api/agent-product/v1/create', { agentUserId: agentId, productCodes: ['EDU'], version: 0 })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.aa.post('/api/agent-product/v1/create', { agentUserId: agentId, productCodes: ['NOPE'], version: 1 })).statusCode,
    ).toBe(422);
    // An agent of another agency is not found.
    const other = await ctx.t.db.execute(sql`SELECT id FROM app_user WHERE username = 'demo.trainee'`);
    const otherId = (other as unknown as { rows: { id: string }[] }).rows[0]?.id;
    expect((await ctx.aa.get(`/api/agent-product/v1/find/${otherId}`)).statusCode).toBe(404);
  });
});
