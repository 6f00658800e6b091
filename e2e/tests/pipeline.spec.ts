// The agency admin's pipeline, as a fresh admin of a fresh agency (e2e/support/files/agency-users.csv,
// imported before the server starts) on a 360-px phone, in English and in Khmer: the agency's
// advisor makes a contact with no quote, a quoted proposal and an application from another
// proposal (lacking documents) through the API; the admin sees those figures on the advisor's
// card, opens the pending applications' list (the customer by name, the days waited, the missing
// documents in words), filters it, and downloads the list as a CSV file.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiPost, withNewOtp } from '../support/auth';
import { expectMainHeading, seriousA11yViolations, waitForContent } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { text, textMatcher, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';

const PASSWORD = 'Tonle#Sap2026';
const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } as const;

const USERS = {
  en: { admin: 'e2e.pipe.admin.en', advisor: 'e2e.pipe.adv.en', advisorName: 'Sophea Nuon' },
  km: { admin: 'e2e.pipe.admin.km', advisor: 'e2e.pipe.adv.km', advisorName: 'កុសល យឹម' },
} as const;

/** Sets the password of an imported user through the set-password link's flow (forgot password). */
async function setPassword(page: Page, username: string): Promise<void> {
  let requestCode = '';
  const otp = await withNewOtp(page, username, 'reset', async () => {
    const res = await apiPost(page, '/api/auth/v1/otp/reset', { username });
    expect(res.status(), await res.text()).toBe(200);
    requestCode = ((await res.json()) as { requestCode: string }).requestCode;
  });
  expect((await apiPost(page, '/api/auth/v1/otp/verify', { requestCode, otp })).status()).toBe(200);
  const reset = await apiPost(page, '/api/auth/v1/reset', { requestCode, password: PASSWORD, confirmedPassword: PASSWORD });
  expect(reset.status(), await reset.text()).toBe(200);
}

/** The user's access token, signed in through the API (password, then the code). */
async function apiToken(page: Page, username: string): Promise<string> {
  let requestCode = '';
  const otp = await withNewOtp(page, username, 'login', async () => {
    const login = await apiPost(page, '/api/auth/v1/login', { username, password: PASSWORD });
    expect(login.status(), await login.text()).toBe(200);
    requestCode = ((await login.json()) as { requestCode: string }).requestCode;
  });
  const mfa = await apiPost(page, '/api/auth/v1/login/mfa', { requestCode, otp });
  expect(mfa.status(), await mfa.text()).toBe(200);
  return ((await mfa.json()) as { accessToken: string }).accessToken;
}

async function created(page: Page, path: string, body: unknown, token: string): Promise<{ id: string }> {
  const res = await apiPost(page, path, body, token);
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

/** A life-insured contact of the advisor's; its id. */
function contact(page: Page, token: string, firstName: string, lastName: string) {
  const person = { contactType: 'lifeInsured', firstName, lastName, gender: 'F', dateOfBirth: '05/06/1990', phone: '012-555-778' };
  return created(page, '/api/contact/v1/create', person, token);
}

function proposal(page: Page, token: string, contactId: string) {
  const terms = { productCode: 'TERM', faceAmount: '12,000', policyTerm: 10, premiumTerm: 10, premiumMode: 'annual' };
  return created(page, '/api/proposal/v1/create', { ...terms, lifeInsuredContactId: contactId }, token);
}

/** The advisor's card on the pipeline. */
function card(page: Page, name: string) {
  return page.getByTestId('pipeline-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

for (const lang of ['en', 'km'] as const satisfies readonly Lang[]) {
  test.describe(`agency pipeline (${lang}, 360 px)`, () => {
    test.use({ lang, ...PHONE });

    test('figures match the advisor’s records; a figure opens its list; filters; CSV', async ({ page }) => {
      test.setTimeout(90_000);
      const u = USERS[lang];
      const stamp = Date.now()
        .toString(36)
        .replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d)));
      const names = { waiting: `Waiting${stamp}`, quoted: `Quoted${stamp}`, applying: `Applying${stamp}` };
      await page.goto('/auth/signin');
      for (const username of [u.admin, u.advisor]) await setPassword(page, username);

      // The advisor: a contact with no quote, a quoted proposal, an application from another proposal.
      const token = await apiToken(page, u.advisor);
      await contact(page, token, 'Dara', names.waiting);
      await proposal(page, token, (await contact(page, token, 'Sreyneang', names.quoted)).id);
      const applied = await proposal(page, token, (await contact(page, token, 'Bopha', names.applying)).id);
      await created(page, '/api/appform/v1/create', { proposalId: applied.id }, token);

      await signIn(page, u.admin, PASSWORD);
      await page.goto('/home/agency/pipeline');
      await expectMainHeading(page, 'agency:pipeline_title', lang);
      await waitForContent(page);
      const advisorCard = card(page, u.advisorName);
      const figure = (stage: string) => advisorCard.locator(`[data-testid=pipeline-figure][data-stage=${stage}]`);
      await expect(figure('contacts')).toHaveAttribute('data-count', '1');
      await expect(figure('quoted')).toHaveAttribute('data-count', '1');
      await expect(figure('presented')).toHaveAttribute('data-count', '0');
      await expect(figure('pending')).toHaveAttribute('data-count', '1');
      await expect(figure('pending')).toContainText(text('agency:pipeline_missing_count', lang).replace('{count}', '1'));
      await expect(figure('submitted')).toHaveAttribute('data-count', '0');
      // The whole agency is this one advisor (and the admin's own training, not due yet).
      await expect(card(page, text('agency:pipeline_whole_agency', lang)).locator('[data-stage=pending]')).toHaveAttribute(
        'data-count',
        '1',
      );
      // axe runs once, on the list with an item (a11y.spec.ts sweeps this screen too).

      // The pending applications' figure opens their list: the customer by name, days waited, missing documents.
      await figure('pending').click();
      await expectMainHeading(page, 'agency:pipeline_list_title', lang);
      const items = page.getByTestId('pipeline-item');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(`Bopha ${names.applying}`);
      await expect(items.first()).toContainText(text('agency:pipeline_stage_pending', lang));
      await expect(items.first().getByTestId('pipeline-days')).toHaveText(
        text('agency:pipeline_days_waiting', lang).replace('{days}', '0'),
      );
      await expect(items.first().getByTestId('pipeline-missing')).toContainText(text('applications:group_insured_id', lang));
      await expect(page.getByText(textMatcher('agency:pipeline_list_shown', lang))).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Filters: another step, then at least one day waited (nothing yet).
      await page.getByLabel(text('agency:pipeline_filter_stage', lang)).selectOption('contacts');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(`Dara ${names.waiting}`);
      await page.getByLabel(text('agency:pipeline_filter_min_days', lang)).fill('1');
      await expect(page.getByTestId('pipeline-list-empty')).toHaveText(text('agency:pipeline_list_empty', lang));
      await page.getByLabel(text('agency:pipeline_filter_min_days', lang)).fill('');
      await expect(items).toHaveCount(1);

      // The CSV of the list: the contact, the advisor and the step in the page's language.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pipeline-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/^agency-pipeline-\d{8}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"advisor","agentCode","stage","name","reference","since","daysWaiting","missingDocuments"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"${u.advisorName}"`);
      expect(lines[1]).toContain(`"Dara ${names.waiting}"`);
      expect(lines[1]).toContain(`"${text('agency:pipeline_stage_contacts', lang)}"`);
    });
  });
}
