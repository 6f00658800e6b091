import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../src/db/schema/app-user.table';
import { compliancePeriod } from '../../src/db/schema/compliance-period.table';
import { REFERENCE_QUESTIONS } from '../../src/modules/compliance/compliance-reference-data';
import { callerFor, otherAgencyAdmin, policyTestApp, type PolicyCallerClient, type PolicyTestContext } from '../policies/policy-test-kit';

const BASE = '/api/compliance/training/v1';
const MATERIALS = `${BASE}/form/training-materials`;
const SUBMIT = `${BASE}/answers/submit`;
const PDF = `${BASE}/form/download/pdf`;

/** The right and a wrong choice of every question, from the seeded reference course. */
const right = REFERENCE_QUESTIONS.map((q) => ({
  questionNumber: q.questionNumber,
  answerSequenceNo: q.answers.find((a) => a.correct)!.answerSequenceNo,
}));
const wrong = REFERENCE_QUESTIONS.map((q) => ({
  questionNumber: q.questionNumber,
  answerSequenceNo: q.answers.find((a) => !a.correct)!.answerSequenceNo,
}));
/** The first `n` questions right, the rest wrong. */
const mixed = (n: number) => right.map((r, i) => (i < n ? r : wrong[i]!));

let ctx: PolicyTestContext;
const dir = mkdtempSync(join(tmpdir(), 'portal-compliance-'));
const pdfText = (pdf: Buffer, name: string): string => {
  const path = join(dir, name);
  writeFileSync(path, pdf);
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']).toString('utf8').replace(/\s+/g, '');
};

beforeAll(async () => {
  ctx = await policyTestApp();
}, 60_000);
afterAll(async () => {
  await ctx.t.close();
  rmSync(dir, { recursive: true, force: true });
});

const currentPeriod = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4);

describe('questionnaire', () => {
  it("serves the current period's questions with their choices in English and Khmer, never saying which is right", async () => {
    const en = await ctx.aap.get(`${BASE}/questions`);
    expect(en.statusCode).toBe(200);
    const body = en.json();
    expect(body.period).toMatchObject({ code: currentPeriod(), questionCount: REFERENCE_QUESTIONS.length });
    expect(body.questions.map((q: { questionNumber: number }) => q.questionNumber)).toEqual(
      REFERENCE_QUESTIONS.map((q) => q.questionNumber),
    );
    expect(body.questions[0]).toEqual({
      questionNumber: 1,
      question: REFERENCE_QUESTIONS[0]!.textEn,
      answers: REFERENCE_QUESTIONS[0]!.answers.map((a) => ({
        answerSequenceNo: a.answerSequenceNo,
        answerDescription: a.descriptionEn,
        answerValue: a.answerValue,
      })),
    });
    expect(en.body).not.toContain('correct');
    const km = (await ctx.aap.get(`${BASE}/questions?lang=km`)).json();
    expect(km.questions[1].question).toBe(REFERENCE_QUESTIONS[1]!.textKm);
    expect(km.questions[1].question).toMatch(/[\u1780-\u17FF]/);
  });

  it('refuses an answer sheet with a question left out or a choice that does not exist', async () => {
    const missing = await ctx.bk.post(SUBMIT, { answers: right.slice(1) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'answers.1', key: 'required' }]);
    const badChoice = await ctx.bk.post(SUBMIT, { answers: [...right.slice(1), { questionNumber: 1, answerSequenceNo: 99 }] });
    expect(badChoice.statusCode).toBe(422);
    expect(badChoice.json().errors).toEqual([{ field: `answers.${right.length - 1}.answerSequenceNo`, key: 'invalid' }]);
    expect((await ctx.bk.post(SUBMIT, { answers: [] })).statusCode).toBe(422);
    // Nothing was recorded.
    expect((await ctx.bk.get(MATERIALS)).json().status.attempts).toEqual([]);
  });
});

describe('scoring, attempts and the certificate', () => {
  it('scores on the server, fails below the pass mark, passes at it, and numbers the attempts', async () => {
    expect((await ctx.aap.get(`${PDF}?kind=certificate`)).statusCode).toBe(404);

    const first = await ctx.aap.post(SUBMIT, { answers: wrong });
    expect(first.statusCode).toBe(201);
    expect(first.json().attempt).toMatchObject({
      attemptNumber: 1,
      correctCount: 0,
      questionCount: 5,
      scorePercent: 0,
      passMarkPercent: 80,
      passed: false,
    });
    // A failed attempt tells the score only, not which answers were right.
    expect(first.json().results).toEqual([]);
    // Still no certificate after a failed attempt.
    expect((await ctx.aap.get(`${PDF}?kind=certificate`)).statusCode).toBe(404);

    const second = (await ctx.aap.post(SUBMIT, { answers: mixed(3) })).json();
    expect(second.attempt).toMatchObject({ attemptNumber: 2, correctCount: 3, scorePercent: 60, passed: false });
    expect(second.results).toEqual([]);

    const third = (await ctx.aap.post(SUBMIT, { answers: mixed(4) })).json();
    expect(third.attempt).toMatchObject({ attemptNumber: 3, correctCount: 4, scorePercent: 80, passed: true });
    expect(third.results.map((r: { correct: boolean }) => r.correct)).toEqual([true, true, true, true, false]);

    const status = (await ctx.aap.get(MATERIALS)).json().status;
    expect(status.completed).toBe(true);
    expect(status.certificateAttemptId).toBe(third.attempt.id);
    expect(status.attempts.map((a: { attemptNumber: number; passed: boolean }) => [a.attemptNumber, a.passed])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it("takes the pass mark from the period's data, not from the code", async () => {
    await ctx.t.db.update(compliancePeriod).set({ passMarkPercent: 60 }).where(eq(compliancePeriod.code, currentPeriod()));
    try {
      const res = (await ctx.aap2.post(SUBMIT, { answers: mixed(3) })).json();
      expect(res.attempt).toMatchObject({ scorePercent: 60, passMarkPercent: 60, passed: true });
      const lower = (await ctx.aap2.post(SUBMIT, { answers: mixed(2) })).json();
      expect(lower.attempt).toMatchObject({ scorePercent: 40, passed: false });
    } finally {
      await ctx.t.db.update(compliancePeriod).set({ passMarkPercent: 80 }).where(eq(compliancePeriod.code, currentPeriod()));
    }
  });

  it('gives the certificate after a pass as a PDF naming the holder, in Khmer too', async () => {
    const en = await ctx.aap.get(`${PDF}?kind=certificate`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe(`attachment; filename="compliance-certificate-${currentPeriod()}.pdf"`);
    const text = pdfText(en.rawPayload, 'cert-en.pdf');
    for (const expected of ['Certificateofcompletion', 'SokhaChan', 'AAP00001', '80%']) expect(text, expected).toContain(expected);
    const km = pdfText((await ctx.aap.get(`${PDF}?kind=certificate&lang=km`)).rawPayload, 'cert-km.pdf');
    for (const expected of ['វិញ្ញាបនបត្របញ្ចប់វគ្គ', 'ចាន់សុខា']) expect(km, expected).toContain(expected);
  }, 60_000);

  it('lists the materials and downloads one as a PDF; an unknown material is 404', async () => {
    const list = (await ctx.bk.get(`${MATERIALS}?lang=km`)).json();
    expect(list.materials).toHaveLength(3);
    expect(list.materials[0].title).toMatch(/[\u1780-\u17FF]/);
    const res = await ctx.bk.get(`${PDF}?kind=material&id=${list.materials[0].id}&lang=km`);
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload, 'material.pdf')).toContain(list.materials[0].title.replace(/\s+/g, ''));
    expect((await ctx.bk.get(`${PDF}?kind=material&id=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await ctx.bk.get(`${PDF}?kind=material`)).statusCode).toBe(404);
    expect((await ctx.bk.get(`${PDF}?kind=other`)).statusCode).toBe(422);
  }, 60_000);
});

describe('agency completions', () => {
  let other: PolicyCallerClient;
  beforeAll(async () => {
    other = await otherAgencyAdmin(ctx.t);
  });

  it("shows agency staff who in their agency has completed, and no one else's", async () => {
    const res = await ctx.aa.get(`${MATERIALS}?view=completions`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byName = new Map(body.items.map((i: { displayName: string }) => [i.displayName, i]));
    // Phnom Penh agency: the two agency advisors, the banca advisor, the service and admin staff; not Siem Reap's trainee.
    expect([...byName.keys()].sort()).toEqual(['Chenda Meas', 'Dara Keo', 'Sokha Chan', 'Sreymom Lim', 'Vannak Sok']);
    expect(byName.get('Sokha Chan')).toMatchObject({ completed: true, bestScorePercent: 80, attemptCount: 3, agentCode: 'AAP00001' });
    expect(byName.get('Dara Keo')).toMatchObject({ completed: true, attemptCount: 2 });
    expect(byName.get('Sreymom Lim')).toMatchObject({ completed: false, completedDate: null, attemptCount: 0 });
    expect([body.completedCount, body.totalCount]).toEqual([2, 5]);
    // ROLE_AS sees the same list.
    expect((await ctx.as.get(`${MATERIALS}?view=completions`)).json().totalCount).toBe(5);
    // Another agency's admin sees only their own agency.
    expect((await other.get(`${MATERIALS}?view=completions`)).json().items.map((i: { displayName: string }) => i.displayName)).toEqual([
      'Other Admin',
    ]);
  });

  it('refuses the completions view to advisors and trainees', async () => {
    expect((await ctx.aap.get(`${MATERIALS}?view=completions`)).statusCode).toBe(403);
    const trainee = await callerFor(ctx.t, 'demo.trainee');
    expect((await trainee.get(`${MATERIALS}?view=completions&format=csv`)).statusCode).toBe(403);
  });

  it('exports the list as CSV with formula-like cells neutralised', async () => {
    await ctx.t.db.update(appUser).set({ displayName: '=HYPERLINK("http://evil.example","x")' }).where(eq(appUser.username, 'demo.bk'));
    const res = await ctx.aa.get(`${MATERIALS}?view=completions&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="compliance-completions-${currentPeriod()}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"agentCode","displayName","roles","completed","completedDate","bestScorePercent","attemptCount"');
    expect(lines).toHaveLength(6);
    expect(lines).toContain('"BK000001","\'=HYPERLINK(""http://evil.example"",""x"")","ROLE_BK","no","","","0"');
    expect(lines.find((l) => l.includes('Sokha Chan'))).toMatch(
      /^"AAP00001","Sokha Chan","ROLE_AAP","yes","\d{4}-\d{2}-\d{2}T[\d:]+\+07:00","80","3"$/,
    );
  });
});
