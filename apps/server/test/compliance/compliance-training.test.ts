import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../src/db/schema/app-user.table';
import { compliancePeriod } from '../../src/db/schema/compliance-period.table';
import { REFERENCE_QUESTIONS } from '../../src/modules/compliance/compliance-reference-data';
import { QUIZ_RULES } from '@portal/domain/rules/compliance-quiz';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { setClock } from '../auth/auth-client';
import { callerFor, otherAgencyAdmin, policyTestApp, type PolicyCallerClient, type PolicyTestContext } from '../policies/policy-test-kit';

const BASE = '/api/compliance/training/v1';
const MATERIALS = `${BASE}/form/training-materials`;
const SUBMIT = `${BASE}/answers/submit`;
const PDF = `${BASE}/form/download/pdf`;

/** The right and a wrong choice of a question, from the seeded reference course. */
const choiceOf = (questionNumber: number, correct: boolean) => ({
  questionNumber,
  answerSequenceNo: REFERENCE_QUESTIONS.find((q) => q.questionNumber === questionNumber)!.answers.find((a) => a.correct === correct)!
    .answerSequenceNo,
});

/** The questions drawn for the caller's next attempt, in the order shown. */
async function drawn(caller: PolicyCallerClient): Promise<{ questionNumber: number; answers: { answerSequenceNo: number }[] }[]> {
  const res = await caller.get(`${BASE}/questions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questions;
}

/** An answer sheet for the drawn questions: the first `n` right, the rest wrong. */
async function sheet(caller: PolicyCallerClient, n: number) {
  return (await drawn(caller)).map((q, i) => choiceOf(q.questionNumber, i < n));
}

/** Where the app's clock starts in this file: 10:00 on 15 June in Phnom Penh, so a day's attempts stay on one day. */
const NOW = new Date('2026-06-15T03:00:00Z');
/** The app's running clock, started at NOW. */
let running: () => Date;

/** Moves the clock `minutes` past the running clock (a cool-down later) and signs `username` in again at that time. */
async function later(username: string, minutes: number): Promise<PolicyCallerClient> {
  setClock(ctx.t, new Date(running().getTime() + minutes * 60_000));
  return callerFor(ctx.t, username);
}

/** Back to the running clock. */
function resetClock(): void {
  ctx.t.app.services.clock.now = running;
}

let ctx: PolicyTestContext;
const dir = mkdtempSync(join(tmpdir(), 'portal-compliance-'));
const pdfText = (pdf: Buffer, name: string): string => {
  const path = join(dir, name);
  writeFileSync(path, pdf);
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']).toString('utf8').replace(/\s+/g, '');
};

beforeAll(async () => {
  ctx = await policyTestApp(NOW);
  running = ctx.t.app.services.clock.now;
}, 60_000);
afterAll(async () => {
  await ctx.t.close();
  rmSync(dir, { recursive: true, force: true });
});

const currentPeriod = () => todayInPhnomPenh(NOW).slice(0, 4);

describe('questionnaire', () => {
  it("serves the current period's questions with their choices in English and Khmer, never saying which is right", async () => {
    const en = await ctx.aap.get(`${BASE}/questions`);
    expect(en.statusCode).toBe(200);
    const body = en.json();
    // A draw of the bank, larger than one attempt.
    expect(REFERENCE_QUESTIONS.length).toBeGreaterThan(QUIZ_RULES.questionsPerAttempt);
    expect(body.period).toMatchObject({ code: currentPeriod(), questionCount: QUIZ_RULES.questionsPerAttempt });
    expect(body.questions).toHaveLength(QUIZ_RULES.questionsPerAttempt);
    const first = body.questions[0];
    const source = REFERENCE_QUESTIONS.find((q) => q.questionNumber === first.questionNumber)!;
    expect(first.question).toBe(source.textEn);
    expect(
      [...first.answers].sort(
        (a: { answerSequenceNo: number }, b: { answerSequenceNo: number }) => a.answerSequenceNo - b.answerSequenceNo,
      ),
    ).toEqual(
      source.answers.map((a) => ({ answerSequenceNo: a.answerSequenceNo, answerDescription: a.descriptionEn, answerValue: a.answerValue })),
    );
    expect(en.body).not.toContain('correct');
    // Asked again before submitting: the same draw, in the same order.
    expect((await ctx.aap.get(`${BASE}/questions`)).json().questions).toEqual(body.questions);
    const km = (await ctx.aap.get(`${BASE}/questions?lang=km`)).json();
    const kmSource = REFERENCE_QUESTIONS.find((q) => q.questionNumber === km.questions[1].questionNumber)!;
    expect(km.questions[1].question).toBe(kmSource.textKm);
    expect(km.questions[1].question).toMatch(/[\u1780-\u17FF]/);
  });

  it('refuses an answer sheet with a question left out or a choice that does not exist', async () => {
    const right = await sheet(ctx.bk, QUIZ_RULES.questionsPerAttempt);
    const left = right[0]!.questionNumber;
    const missing = await ctx.bk.post(SUBMIT, { answers: right.slice(1) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: `answers.${left}`, key: 'required' }]);
    const badChoice = await ctx.bk.post(SUBMIT, { answers: [...right.slice(1), { questionNumber: left, answerSequenceNo: 99 }] });
    expect(badChoice.statusCode).toBe(422);
    expect(badChoice.json().errors).toEqual([{ field: `answers.${right.length - 1}.answerSequenceNo`, key: 'invalid' }]);
    // A question of the bank that was not drawn for this attempt is not an answer.
    const notDrawn = REFERENCE_QUESTIONS.find((q) => !right.some((r) => r.questionNumber === q.questionNumber))!;
    const extra = await ctx.bk.post(SUBMIT, { answers: [...right.slice(1), choiceOf(notDrawn.questionNumber, true)] });
    expect(extra.json().errors).toContainEqual({ field: `answers.${right.length - 1}.questionNumber`, key: 'invalid' });
    expect((await ctx.bk.post(SUBMIT, { answers: [] })).statusCode).toBe(422);
    // Nothing was recorded.
    expect((await ctx.bk.get(MATERIALS)).json().status.attempts).toEqual([]);
  });
});

describe('scoring, attempts and the certificate', () => {
  it('scores on the server, fails below the pass mark, passes at it, and numbers the attempts', async () => {
    expect((await ctx.aap.get(`${PDF}?kind=certificate`)).statusCode).toBe(404);

    const firstDraw = await drawn(ctx.aap);
    const first = await ctx.aap.post(SUBMIT, { answers: await sheet(ctx.aap, 0) });
    expect(first.statusCode).toBe(201);
    expect(first.json().attempt).toMatchObject({
      attemptNumber: 1,
      correctCount: 0,
      questionCount: 6,
      scorePercent: 0,
      passMarkPercent: 80,
      passed: false,
    });
    // A failed attempt tells the score only, not which answers were right.
    expect(first.json().results).toEqual([]);
    // Still no certificate after a failed attempt.
    expect((await ctx.aap.get(`${PDF}?kind=certificate`)).statusCode).toBe(404);
    // Straight after a failure: the cool-down, with the seconds to wait.
    const tooSoon = await ctx.aap.post(SUBMIT, { answers: await sheet(ctx.aap, 6) });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ messageKey: 'compliance_cool_down' });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(QUIZ_RULES.coolDownMinutes * 60 - 60);

    let thirdId: string | undefined;
    try {
      const aap = await later('demo.aap', QUIZ_RULES.coolDownMinutes + 1);
      // A new attempt, a new draw and order.
      expect((await drawn(aap)).map((q) => q.questionNumber)).not.toEqual(firstDraw.map((q) => q.questionNumber));
      const second = (await aap.post(SUBMIT, { answers: await sheet(aap, 4) })).json();
      expect(second.attempt).toMatchObject({ attemptNumber: 2, correctCount: 4, scorePercent: 66, passed: false });
      expect(second.results).toEqual([]);

      const aapLater = await later('demo.aap', 2 * (QUIZ_RULES.coolDownMinutes + 1));
      const third = (await aapLater.post(SUBMIT, { answers: await sheet(aapLater, 5) })).json();
      expect(third.attempt).toMatchObject({ attemptNumber: 3, correctCount: 5, scorePercent: 83, passed: true });
      expect(third.results.map((r: { correct: boolean }) => r.correct)).toEqual([true, true, true, true, true, false]);
      thirdId = third.attempt.id as string;
    } finally {
      resetClock();
    }

    const status = (await ctx.aap.get(MATERIALS)).json().status;
    expect(status.completed).toBe(true);
    expect(status.certificateAttemptId).toBe(thirdId);
    expect(status.attempts.map((a: { attemptNumber: number; passed: boolean }) => [a.attemptNumber, a.passed])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it("takes the pass mark from the period's data, not from the code", async () => {
    await ctx.t.db.update(compliancePeriod).set({ passMarkPercent: 60 }).where(eq(compliancePeriod.code, currentPeriod()));
    try {
      const res = (await ctx.aap2.post(SUBMIT, { answers: await sheet(ctx.aap2, 4) })).json();
      expect(res.attempt).toMatchObject({ scorePercent: 66, passMarkPercent: 60, passed: true });
      // After a pass there is no cool-down.
      const lower = (await ctx.aap2.post(SUBMIT, { answers: await sheet(ctx.aap2, 3) })).json();
      expect(lower.attempt).toMatchObject({ scorePercent: 50, passed: false });
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
    for (const expected of ['Certificateofcompletion', 'SokhaChan', 'AAP00001', '83%']) expect(text, expected).toContain(expected);
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
    expect([...byName.keys()].sort()).toEqual(['Chenda Meas', 'Dara Keo', 'Sokha Chan', 'Sophal Ny', 'Sreymom Lim', 'Vannak Sok']);
    expect(byName.get('Sokha Chan')).toMatchObject({ completed: true, bestScorePercent: 83, attemptCount: 3, agentCode: 'AAP00001' });
    expect(byName.get('Dara Keo')).toMatchObject({ completed: true, attemptCount: 2 });
    expect(byName.get('Sreymom Lim')).toMatchObject({ completed: false, completedDate: null, attemptCount: 0 });
    expect([body.completedCount, body.totalCount]).toEqual([2, 6]);
    // ROLE_AS sees the same list.
    expect((await ctx.as.get(`${MATERIALS}?view=completions`)).json().totalCount).toBe(6);
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
    expect(lines).toHaveLength(7);
    expect(lines).toContain('"BK000001","\'=HYPERLINK(""http://evil.example"",""x"")","ROLE_BK","no","","","0"');
    expect(lines.find((l) => l.includes('Sokha Chan'))).toMatch(
      /^"AAP00001","Sokha Chan","ROLE_AAP","yes","\d{4}-\d{2}-\d{2}T[\d:]+\+07:00","83","3"$/,
    );
  });
});

describe('trial and error', () => {
  it(`cannot reach a pass within the allowance of ${QUIZ_RULES.attemptsPerDay} attempts a day`, async () => {
    // A user of this test's own, and a script that answers every question with choice k on attempt k,
    // honouring each cool-down: the bank has each choice number right for at most a quarter of it,
    // and a failed attempt tells nothing but the score.
    const [agencyRow] = await ctx.t.db.select({ agencyId: appUser.agencyId }).from(appUser).where(eq(appUser.username, 'demo.aap'));
    await ctx.t.db
      .insert(appUser)
      .values({ username: 'quiz.robot', displayName: 'Quiz Robot', roles: ['ROLE_AAP'], agencyId: agencyRow?.agencyId ?? null });
    const outcomes: (number | boolean)[] = [];
    try {
      for (let k = 1; k <= QUIZ_RULES.attemptsPerDay + 1; k += 1) {
        const robot = await later('quiz.robot', (k - 1) * (QUIZ_RULES.coolDownMinutes + 1));
        const answers = (await drawn(robot)).map((q) => ({ questionNumber: q.questionNumber, answerSequenceNo: k }));
        const res = await robot.post(SUBMIT, { answers });
        if (res.statusCode === 201) {
          expect(res.json().results).toEqual([]);
          outcomes.push(res.json().attempt.passed as boolean);
        } else {
          expect(res.json()).toMatchObject({ messageKey: 'compliance_attempts_exhausted' });
          outcomes.push(res.statusCode);
        }
      }
    } finally {
      resetClock();
    }
    expect(outcomes).toEqual([...Array<boolean>(QUIZ_RULES.attemptsPerDay).fill(false), 429]);
  });
});
