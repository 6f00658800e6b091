// The advisor dashboard: every figure shown equals a count the test makes itself from
// the API lists behind it (contacts, activities, policies by status, the servicing summary,
// milestones), and opens that list. Other tests may add records meanwhile, so a comparison is
// retried on a fresh page until the figures and the lists agree.
import type { Page } from '@playwright/test';
import { weekStartOf } from '../../packages/domain/src/contracts/user/dashboard';
import { addDays } from '../../packages/domain/src/format/calendar-arithmetic';
import { todayInPhnomPenh } from '../../packages/domain/src/format/date';
import { apiGet, storedLogin } from '../support/auth';
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';

async function token(page: Page): Promise<string> {
  const login = await storedLogin(page);
  if (!login) throw new Error('no stored login');
  return login.accessToken;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await apiGet(page, path, await token(page));
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

async function all<T>(page: Page, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const body: { items: T[]; nextCursor: string | null } = await getJson(
      page,
      `${path}${sep}size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

async function shown(page: Page, id: string): Promise<string> {
  return (await page.getByTestId(`figure-${id}`).getByTestId('figure-value').innerText()).trim();
}

test.describe('advisor', () => {
  test.use({ signedInAs: 'demo.aap' });

  test('the figures equal counts computed from the API lists, and each opens its list', async ({ page }) => {
    const today = todayInPhnomPenh();
    const weekStart = weekStartOf(today);
    const weekEnd = addDays(weekStart, 6);
    await expect(async () => {
      await page.goto('/home');
      await expectMainHeading(page, 'home:title', 'en');
      await expect(page.getByTestId('group-servicing')).toBeVisible();

      const contacts = await all<{ id: string }>(page, '/api/contact/v2/find');
      let newContacts = 0;
      for (const c of contacts) {
        const detail = await getJson<{ createdDate: string }>(page, `/api/contact/v1/find/${c.id}`);
        if (new Date(detail.createdDate) >= new Date(`${weekStart}T00:00:00+07:00`)) newContacts += 1;
      }
      const activities = await all(page, `/api/contact/v2/activity/find?from=${weekStart}&to=${weekEnd}`);
      const grace = await all(page, '/api/policy/v1/search/customers?status=Grace');
      const lapsed = await all(page, '/api/policy/v1/search/customers?status=Lapsed');
      const summary = await getJson<{ premiumsDue: { count: number }; enteringGrace: { count: number } }>(
        page,
        '/api/policy/v1/search/customers?view=summary',
      );
      const milestones = await getJson<{ items: unknown[] }>(
        page,
        `/api/policy/v1/search/client-milestones?from=${today}&to=${addDays(today, 14)}`,
      );

      expect(await shown(page, 'newContacts')).toBe(String(newContacts));
      expect(await shown(page, 'activitiesThisWeek')).toBe(String(activities.length));
      expect(await shown(page, 'policiesGrace')).toBe(String(grace.length));
      expect(await shown(page, 'policiesLapsed')).toBe(String(lapsed.length));
      expect(await shown(page, 'premiumsDue')).toBe(String(summary.premiumsDue.count));
      expect(await shown(page, 'enteringGrace')).toBe(String(summary.enteringGrace.count));
      expect(await shown(page, 'upcomingMilestones')).toBe(String(milestones.items.length));
    }).toPass({ timeout: 40_000 });

    // The charts are pictures with a title, and their numbers are links too.
    await expect(page.getByTestId('chart-servicing')).toHaveAttribute('role', 'img');
    await expect(page.getByTestId('chart-contacts')).toBeVisible();

    // A figure opens the list behind it.
    await page.getByTestId('figure-policiesGrace').click();
    await expect(page).toHaveURL(/\/home\/servicing\/search\?status=Grace$/);
    await page.goBack();
    await page.getByTestId('figure-upcomingMilestones').click();
    await expect(page).toHaveURL(/\/home\/servicing\/customer-milestone$/);
  });
});

test.describe('agency admin', () => {
  test.use({ signedInAs: 'demo.aa' });

  test("sees the agency's totals: no contacts, the agency's policies and training completion", async ({ page }) => {
    await expect(async () => {
      await page.goto('/home');
      await expect(page.getByText(text('home:scope_agency', 'en'))).toBeVisible();
      await expect(page.getByTestId('group-contacts')).toHaveCount(0);
      const grace = await all(page, '/api/policy/v1/search/customers?status=Grace');
      expect(await shown(page, 'policiesGrace')).toBe(String(grace.length));
      const completions = await getJson<{ completedCount: number; totalCount: number }>(
        page,
        '/api/compliance/training/v1/form/training-materials?view=completions',
      );
      expect(await shown(page, 'agencyCompleted')).toBe(
        text('home:value_of_total', 'en')
          .replace('{value}', String(completions.completedCount))
          .replace('{total}', String(completions.totalCount)),
      );
    }).toPass({ timeout: 30_000 });
    await page.getByTestId('figure-agencyCompleted').click();
    await expect(page).toHaveURL(/\/home\/compliance$/);
  });
});
