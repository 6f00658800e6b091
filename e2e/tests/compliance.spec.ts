// Compliance training in the browser: the materials, the questionnaire (a draw of the bank) passed,
// the attempts history and the completion certificate downloaded as a PDF; a failed attempt tells
// the score only, and the next one waits for the cool-down. The
// right and wrong choices come from the seeded reference course (the server's source of truth).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { QUIZ_RULES } from '../../packages/domain/src/rules/compliance-quiz';
import { REFERENCE_QUESTIONS } from '../../apps/server/src/modules/compliance/compliance-reference-data';
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';

test.use({ signedInAs: 'demo.aap' });

const choiceLabel = (q: (typeof REFERENCE_QUESTIONS)[number], correct: boolean) => {
  const a = q.answers.find((x) => x.correct === correct)!;
  return `${a.answerValue}. ${a.descriptionEn}`;
};

/** The reference questions drawn for this attempt, in the order the page shows them. */
async function shownQuestions(page: Page) {
  const cards = page.locator('[data-testid^="question-"]');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => REFERENCE_QUESTIONS.find((q) => `question-${q.questionNumber}` === id)!);
}

test('take the questionnaire (a draw of the bank), pass, and download the certificate', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/home/compliance');
  await expectMainHeading(page, 'compliance:title', 'en');
  await expect(page.getByTestId('material-row')).toHaveCount(3);

  await page
    .getByRole('link', { name: /questionnaire/ })
    .first()
    .click();
  await expectMainHeading(page, 'compliance:questionnaire_title', 'en');

  // Submitting with nothing chosen asks for every answer and sends nothing.
  await page.getByTestId('submit-answers').click();
  await expect(page.getByRole('alert').filter({ hasText: text('compliance:answer_all', 'en') })).toBeVisible();

  // The attempt asks 6 of the bank's questions; every answer right.
  const drawn = await shownQuestions(page);
  expect(drawn).toHaveLength(QUIZ_RULES.questionsPerAttempt);
  expect(REFERENCE_QUESTIONS.length).toBeGreaterThan(drawn.length);
  for (const q of drawn) await page.getByTestId(`question-${q.questionNumber}`).getByLabel(choiceLabel(q, true)).check();
  await page.getByTestId('submit-answers').click();
  const result = page.getByTestId('questionnaire-result');
  await expect(result).toContainText(text('compliance:result_passed', 'en').replace('{score}', '100'));

  // The certificate arrives as a PDF (rendered by Chromium on the server: slow on a busy machine).
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('download-certificate').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^compliance-certificate-\d{4}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Back on the training page: completed, the attempt listed, the certificate offered there too.
  await page.getByRole('link', { name: text('compliance:back_to_training', 'en') }).click();
  await expect(page.getByTestId('compliance-status')).toContainText(text('compliance:status_completed', 'en').replace(' {date}', ''));
  const rows = page.getByTestId('attempts-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(text('compliance:passed', 'en'));
  await expect(page.getByTestId('download-certificate')).toBeVisible();
});

test.describe('a failed attempt', () => {
  test.use({ signedInAs: 'demo.bk', viewport: { width: 360, height: 740 } });

  test('tells the score only, and the next attempt waits for the cool-down', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/home/compliance/questionnaire');
    for (const q of await shownQuestions(page))
      await page.getByTestId(`question-${q.questionNumber}`).getByLabel(choiceLabel(q, false)).check();
    const first = page.waitForResponse((r) => r.url().endsWith('/answers/submit'));
    await page.getByTestId('submit-answers').click();
    expect(((await (await first).json()) as { results: unknown[] }).results).toEqual([]);
    await expect(page.getByTestId('questionnaire-result')).toContainText(
      text('compliance:result_failed', 'en').replace('{score}', '0').replace('{mark}', '80'),
    );
    await expect(page.getByTestId('download-certificate')).toHaveCount(0);

    await page.getByTestId('retry-questionnaire').click();
    for (const q of await shownQuestions(page))
      await page.getByTestId(`question-${q.questionNumber}`).getByLabel(choiceLabel(q, true)).check();
    const second = page.waitForResponse((r) => r.url().endsWith('/answers/submit'));
    await page.getByTestId('submit-answers').click();
    expect((await second).status()).toBe(429);
    await expect(page.getByText(text('errors:compliance_cool_down', 'en'))).toBeVisible();
  });
});

test.describe('agency admin', () => {
  test.use({ signedInAs: 'demo.aa' });

  test('sees who in the agency has completed and exports it as CSV', async ({ page }) => {
    await page.goto('/home/compliance');
    const section = page.getByTestId('completions-section');
    await expect(section.locator('tbody tr').first()).toBeVisible();
    await expect(section).toContainText('Sokha Chan');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('completions-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^compliance-completions-\d{4}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '"agentCode","displayName","roles","completed","completedDate","bestScorePercent","attemptCount"',
    );
    expect(csv).toContain('"AAP00001","Sokha Chan"');
  });
});
