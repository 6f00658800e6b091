// Policy servicing in the browser, against the demo policy feed the server imports with
// PORTAL_DEMO=1: the dashboard, search by three letters of a Khmer name and by policy number,
// every part of a policy (one detail call for all of them), the value chart, and a pending
// document uploaded and shown as submitted. The policy is picked from the demo advisor's own
// policies through the API, so the test does not depend on one generated record.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { OTHER_PRODUCT_LABEL, PRODUCT_LABELS } from '../../packages/domain/src/codes/product-labels';
import type { PolicyDetailsResponse } from '../../packages/domain/src/contracts/policies/find-policy-details';
import type { SearchCustomersResponse } from '../../packages/domain/src/contracts/policies/search-customers';
import { formatDisplayDate } from '../../packages/domain/src/format/date';
import { formatMoney } from '../../packages/domain/src/format/money';
import { apiGet, apiPost, storedLogin } from '../support/auth';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { text, textMatcher } from '../support/i18n';

const ADVISOR = 'demo.aap';
const DETAILS_PATH = '/api/policy/v1/search/details/';

test.use({ signedInAs: ADVISOR });

async function accessToken(page: Page): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto('/home/servicing');
  const login = await storedLogin(page);
  if (!login) throw new Error('no stored login');
  return login.accessToken;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await apiGet(page, path, await accessToken(page));
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

type Want = (detail: PolicyDetailsResponse) => boolean;

/** The first of the advisor's policies (by number) whose detail satisfies `want`. */
async function findPolicy(page: Page, want: Want): Promise<PolicyDetailsResponse> {
  let cursor: string | null = null;
  for (let pages = 0; pages < 5; pages += 1) {
    const query: string = `/api/policy/v1/search/customers?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const list: SearchCustomersResponse = await getJson<SearchCustomersResponse>(page, query);
    for (const summary of list.items) {
      const detail = await getJson<PolicyDetailsResponse>(page, `${DETAILS_PATH}${encodeURIComponent(summary.policyNumber)}`);
      if (want(detail)) return detail;
    }
    cursor = list.nextCursor;
    if (!cursor) break;
  }
  throw new Error(`none of ${ADVISOR}'s demo policies has what this test needs`);
}

/** A policy that shows something on every screen: Khmer names, beneficiaries, values over years, payments. */
const isRich: Want = (d) =>
  Boolean(d.owner?.lastNameKh && d.owner.firstNameKh) &&
  d.beneficiaries.length > 0 &&
  d.values.length >= 3 &&
  d.payments.recent.length > 0 &&
  d.coverages.length > 0;

const khmerName = (d: PolicyDetailsResponse) => `${d.owner?.lastNameKh ?? ''} ${d.owner?.firstNameKh ?? ''}`.trim();
const latinName = (c: { firstName: string; lastName: string } | null) => (c ? `${c.firstName} ${c.lastName}` : '');
const money = (m: { minor: number; currency: '02' | '96' }) => formatMoney(m.minor, m.currency);

/** Three Khmer letters of the owner's name whose first page of results holds the policy. */
async function khmerSearchTerm(page: Page, detail: PolicyDetailsResponse): Promise<string> {
  const letters = [...khmerName(detail).replace(/\s+/g, '')];
  for (let i = 0; i + 3 <= letters.length; i += 1) {
    const term = letters.slice(i, i + 3).join('');
    const found = await getJson<SearchCustomersResponse>(page, `/api/policy/v1/search/customers?size=20&q=${encodeURIComponent(term)}`);
    if (found.items.some((p) => p.policyNumber === detail.policyNumber)) return term;
  }
  throw new Error(`no three-letter part of ${khmerName(detail)} finds ${detail.policyNumber} on the first page`);
}

test('the dashboard counts policies by status and each count opens the filtered search', async ({ page }) => {
  await page.goto('/home/servicing');
  await expectMainHeading(page, 'servicing:title', 'en');
  const grace = page.locator('[data-status-card="Grace"]');
  await expect(grace).toBeVisible();
  await expect(page.getByRole('heading', { name: text('servicing:premiums_due_title', 'en') })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('servicing:milestones_upcoming_title', 'en') })).toBeVisible();
  await grace.click();
  await expect(page).toHaveURL(/\/home\/servicing\/search\?status=Grace$/);
  await expectMainHeading(page, 'servicing:search_title', 'en');
  const rows = page.getByTestId('policy-results').locator('article');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByText(text('servicing:status_grace', 'en'), { exact: true })).toBeVisible();
});

test('search finds a policy by three letters of the Khmer name and by its number', async ({ page }) => {
  const policy = await findPolicy(page, isRich);
  const term = await khmerSearchTerm(page, policy);

  await page.goto('/home/servicing/search');
  await expectMainHeading(page, 'servicing:search_title', 'en');
  const box = page.getByRole('searchbox', { name: text('servicing:search_label', 'en') });

  await box.fill(term.slice(0, 2));
  await expect(page.getByText(text('servicing:search_too_short', 'en').replace('{min}', '3'))).toBeVisible();

  await box.fill(term);
  const row = page.locator(`[data-policy="${policy.policyNumber}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(khmerName(policy), { exact: true })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), { message: 'the applied term is kept in the URL' }).toBe(term);

  await box.fill(policy.policyNumber);
  await box.press('Enter');
  await expect(page.getByTestId('policy-results').locator('article')).toHaveCount(1);
  await expect(row.getByText(latinName(policy.owner), { exact: true })).toBeVisible();
  await row.getByRole('link', { name: policy.policyNumber }).click();
  await expect(page).toHaveURL(`/home/servicing/policy-detail/${policy.policyNumber}`);
  await expectMainHeading(page, 'servicing:policy_detail_title', 'en');
});

test('every part of the policy opens from the detail and shows its data, from one detail call', async ({ page }) => {
  const policy = await findPolicy(page, isRich);
  const detailCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(DETAILS_PATH)) detailCalls.push(req.url());
  });

  await page.goto(`/home/servicing/policy-detail/${policy.policyNumber}`);
  await expectMainHeading(page, 'servicing:policy_detail_title', 'en');
  await expect(
    page.getByRole('heading', { name: text('servicing:policy_number_value', 'en').replace('{number}', policy.policyNumber), exact: true }),
  ).toBeVisible();
  await expect(page.getByText(money(policy.modalPremium), { exact: false }).first()).toBeVisible();

  const first = policy.values[0];
  const last = policy.values.at(-1);
  const payment = policy.payments.recent[0];
  const base = policy.coverages.find((c) => c.coverageType === 'B') ?? policy.coverages[0];
  const beneficiary = policy.beneficiaries[0];
  if (!first || !last || !payment || !base || !beneficiary) throw new Error('policy lacks data');

  const parts: { section: string; titleKey: string; check: () => Promise<void> }[] = [
    {
      section: 'policy-owner',
      titleKey: 'servicing:policy_owner_title',
      check: async () => {
        await expect(page.locator('[data-client="O"]').getByText(latinName(policy.owner), { exact: true })).toBeVisible();
        await expect(page.locator('[data-client="O"]').getByText(khmerName(policy), { exact: true })).toBeVisible();
      },
    },
    {
      section: 'life-insured',
      titleKey: 'servicing:life_insured_title',
      check: async () => {
        await expect(page.locator('[data-client="I"]').getByText(latinName(policy.insured), { exact: true })).toBeVisible();
        await expect(page.getByTestId('client-links')).toContainText(`O · ${text('servicing:client_link_o', 'en')}`);
      },
    },
    {
      section: 'beneficiary',
      titleKey: 'servicing:beneficiary_title',
      check: async () => {
        const card = page
          .locator(`[data-beneficiary="${beneficiary.priority}"]`)
          .filter({ hasText: latinName(beneficiary) })
          .first();
        await expect(card).toContainText(`${beneficiary.shareBenifit}%`);
      },
    },
    {
      section: 'plan-coverage',
      titleKey: 'servicing:plan_coverage_title',
      check: async () => {
        // The coverage is named, not coded.
        const name = text(PRODUCT_LABELS[base.productCode] ?? OTHER_PRODUCT_LABEL, 'en');
        const card = page.locator(`[data-coverage="${base.coverageType}"]`).filter({ hasText: name }).first();
        await expect(card).toContainText(money(base.faceAmount));
        await expect(card).not.toContainText(base.productCode);
      },
    },
    {
      section: 'policy-value',
      titleKey: 'servicing:policy_value_title',
      check: async () => {
        const chart = page.getByRole('img', { name: text('servicing:value_chart_title', 'en').replace('{number}', policy.policyNumber) });
        await expect(chart).toBeVisible();
        expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
        await expect(chart.locator('polyline')).toHaveCount(2);
        const table = page.getByTestId('policy-value-table');
        await expect(table.getByRole('row', { name: new RegExp(`^${last.policyYear}\\b`) })).toContainText(money(last.cashValue));
        await expect(table.getByRole('row')).toHaveCount(policy.values.length + 1);
      },
    },
    {
      section: 'premium-payment',
      titleKey: 'servicing:premium_payment_title',
      check: async () => {
        const row = page.getByTestId('payments').locator(`[data-payment-type="${payment.paymentType}"]`).first();
        await expect(row).toContainText(`(${payment.paymentType})`);
        await expect(page.getByTestId('payments')).toContainText(money(payment.amount));
      },
    },
    {
      section: 'premium-list',
      titleKey: 'servicing:premium_list_title',
      check: async () => {
        await expect(page.getByTestId('payment-history')).toContainText(formatDisplayDate(payment.paymentDate));
      },
    },
    {
      section: 'claim-history',
      titleKey: 'servicing:claim_history_title',
      check: async () => {
        const claim = policy.claims[0];
        if (claim) await expect(page.locator(`[data-claim="${claim.claimNumber}"]`)).toContainText(money(claim.claimedAmount));
        else await expect(page.getByText(text('servicing:claim_history_empty', 'en'))).toBeVisible();
      },
    },
    {
      section: 'issuance-detail',
      titleKey: 'servicing:issuance_detail_title',
      check: async () => {
        await expect(page.getByText(formatDisplayDate(policy.issueDate), { exact: true }).first()).toBeVisible();
      },
    },
    {
      section: 'customer-milestone',
      titleKey: 'servicing:customer_milestone_title',
      check: async () => {
        const milestone = policy.milestones[0];
        if (milestone) await expect(page.getByTestId('milestones')).toContainText(formatDisplayDate(milestone.date));
        else await expect(page.getByText(text('servicing:customer_milestone_empty', 'en'))).toBeVisible();
      },
    },
  ];

  for (const part of parts) {
    await page.locator(`nav [data-section="${part.section}"]`).click();
    await expectMainHeading(page, part.titleKey, 'en');
    await part.check();
    await page.getByRole('link', { name: text('servicing:back_to_policy', 'en').replace('{number}', policy.policyNumber) }).click();
    await expectMainHeading(page, 'servicing:policy_detail_title', 'en');
  }
  expect(detailCalls, 'the detail and its ten parts share one cached call').toHaveLength(1);
});

test('the client letter downloads, and a pending document is uploaded with progress and shown as submitted', async ({ page }) => {
  const policy = await findPolicy(page, (d) => d.pending.some((r) => r.status === 'outstanding'));
  const requirement = policy.pending.find((r) => r.status === 'outstanding');
  if (!requirement) throw new Error('no outstanding requirement');

  await page.goto(`/home/servicing/policy-detail/${policy.policyNumber}`);
  const section = page.getByTestId('pending-requirements');
  const item = section.locator(`[data-pending-code="${requirement.code}"]`);
  await expect(item).toContainText(requirement.descriptionEn);
  await expect(item).not.toContainText(requirement.code); // the insurer's code, not a word for a person
  await expect(item.getByTestId('pending-status')).toHaveText(text('servicing:pending_status_outstanding', 'en'));

  // The client-pending letter arrives as a PDF download.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: text('servicing:pending_letter_download', 'en') }).click();
  const letter = await downloading;
  expect(letter.suggestedFilename()).toMatch(new RegExp(`^client-pending-${policy.policyNumber}-\\d{8}\\.pdf$`));
  const letterPath = await letter.path();
  expect(readFileSync(letterPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const upload = page.getByTestId('pending-upload');
  await upload.getByLabel(text('servicing:upload_requirement', 'en')).selectOption(requirement.code);

  // A file of the wrong type is refused before it is sent.
  await upload
    .getByTestId('pending-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(upload.getByRole('alert')).toHaveText(text('servicing:upload_wrong_type', 'en'));

  // A file that only claims to be a PDF passes the phone's check; the server sniffs it and answers 415.
  await upload
    .getByTestId('pending-file')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a pdf') });
  await upload.getByRole('button', { name: text('servicing:upload_send', 'en') }).click();
  await expect(upload.getByRole('alert')).toHaveText(text('servicing:upload_wrong_type', 'en'));
  await expect(item.getByTestId('pending-status')).toHaveText(text('servicing:pending_status_outstanding', 'en'));

  await upload.getByTestId('pending-file').setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: ONE_PAGE_PDF });
  await expect(upload.getByRole('alert')).toHaveCount(0);
  await expect(upload.getByTestId('pending-file-preview')).toContainText('id-card.pdf');
  // Hold the upload back a moment so that its progress bar can be seen.
  await page.route('**/client-pending-doc', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const sent = page.waitForResponse((res) => res.url().includes(`/upload/${policy.policyNumber}/client-pending-doc`));
  await upload.getByRole('button', { name: text('servicing:upload_send', 'en') }).click();
  await expect(upload.getByRole('progressbar', { name: text('servicing:upload_progress_label', 'en') })).toBeAttached();
  await expect(upload.getByRole('status')).toHaveText(textMatcher('servicing:upload_progress', 'en'));
  expect((await sent).status()).toBe(201);

  await expect(item.getByTestId('pending-status')).toHaveText(text('servicing:pending_status_submitted', 'en'));
  await expect(item).toContainText('id-card.pdf');
  await expect(page.getByText(text('servicing:upload_success_title', 'en'))).toBeVisible();

  // The server holds it too: a fresh load shows the requirement as submitted.
  await page.reload();
  await expect(
    page.getByTestId('pending-requirements').locator(`[data-pending-code="${requirement.code}"]`).getByTestId('pending-status'),
  ).toHaveText(text('servicing:pending_status_submitted', 'en'));
});

test.describe('agency staff', () => {
  test.use({ signedInAs: 'demo.aa' });

  test("record the delivery status; a save over someone else's change gets the conflict message", async ({ page }) => {
    const policy = await findPolicy(page, () => true);
    const next = policy.deliveryStatus === 'acknowledged' ? 'delivered' : 'acknowledged';
    await page.goto(`/home/servicing/policy-detail/${policy.policyNumber}`);
    const card = page.getByTestId('delivery-status');
    await card.getByLabel(text('servicing:delivery_change', 'en')).selectOption(next);
    await card.getByRole('button', { name: text('servicing:delivery_save', 'en') }).click();
    await expect(page.getByText(text('servicing:delivery_saved', 'en'))).toBeVisible();
    await expect(card).toContainText(text(`servicing:delivery_${next}`, 'en'));

    // Someone else records another status meanwhile; this page still holds the older version.
    const fresh = await getJson<PolicyDetailsResponse>(page, `${DETAILS_PATH}${policy.policyNumber}`);
    const res = await apiPost(
      page,
      '/api/policy/v1/update/delivery-status',
      {
        policyNumber: policy.policyNumber,
        deliveryStatus: 'returned',
        version: fresh.version,
      },
      await accessToken(page),
    );
    expect(res.status()).toBe(200);
    await card.getByLabel(text('servicing:delivery_change', 'en')).selectOption('dispatched');
    await card.getByRole('button', { name: text('servicing:delivery_save', 'en') }).click();
    await expect(card.getByRole('alert')).toHaveText(text('servicing:delivery_conflict', 'en'));
    // The detail is read again, so the card now shows the other person's status.
    await expect(card).toContainText(text('servicing:delivery_returned', 'en'));
  });
});

test.describe('on a 360-px phone in Khmer', () => {
  test.use({ lang: 'km', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test('the servicing screens fit the width, the chart has its Khmer name, and axe finds no serious problem', async ({ page }) => {
    test.setTimeout(120_000);
    const policy = await findPolicy(page, isRich);
    const visits: [string, string][] = [
      ['/home/servicing', 'servicing:title'],
      ['/home/servicing/search?status=Grace', 'servicing:search_title'],
      [`/home/servicing/policy-detail/${policy.policyNumber}`, 'servicing:policy_detail_title'],
      [`/home/servicing/policy-value/${policy.policyNumber}`, 'servicing:policy_value_title'],
      [`/home/servicing/premium-payment/${policy.policyNumber}`, 'servicing:premium_payment_title'],
    ];
    for (const [path, titleKey] of visits) {
      await page.goto(path);
      await expectMainHeading(page, titleKey, 'km');
      await expect(page.getByRole('status', { name: text('common:loading', 'km') })).toHaveCount(0);
      if (path.includes('/policy-value/')) {
        await expect(
          page.getByRole('img', { name: text('servicing:value_chart_title', 'km').replace('{number}', policy.policyNumber) }),
        ).toBeVisible();
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(360);
      expect(await seriousA11yViolations(page, ['#main-content']), path).toEqual([]);
    }
  });
});
