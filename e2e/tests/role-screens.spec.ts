// Each role sees its own portal: the menu and the dashboard's shortcuts list the sections the access
// policy lets the role open, and a typed URL of a screen it may not use shows "not available for
// your role" without a call that the server would refuse.
import type { Locator } from '@playwright/test';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_CAN, ROLE_TRAINEE, type Role } from '../../packages/domain/src/codes/roles';
import { canUseScreen, screenCall } from '../../packages/domain/src/screen-access';
import { expect, test } from '../support/fixtures';
import { expectMainHeading } from '../support/checks';
import { text, type Lang } from '../support/i18n';
import { SCREENS, screenAt, type Screen } from '../support/screens';

const ROLE_USERS: readonly { role: Role; username: string; lang: Lang }[] = [
  { role: ROLE_AAP, username: 'demo.aap', lang: 'en' },
  { role: ROLE_BK, username: 'demo.bk', lang: 'km' },
  { role: ROLE_AS, username: 'demo.as', lang: 'en' },
  { role: ROLE_AA, username: 'demo.aa', lang: 'km' },
  { role: ROLE_TRAINEE, username: 'demo.trainee', lang: 'km' },
  { role: ROLE_CAN, username: 'demo.can', lang: 'en' },
];

const HOME_SCREENS = SCREENS.filter((screen) => screen.path === '/home' || screen.path.startsWith('/home/'));

/** The sections of the signed-in app: each area's entry screen (the shortest path in it). */
const AREA_ENTRIES: readonly Screen[] = [...new Set(HOME_SCREENS.map((screen) => screen.area))].map(
  (area) => HOME_SCREENS.filter((screen) => screen.area === area).sort((a, b) => a.path.length - b.path.length)[0] as Screen,
);

/** The sections the policy lets the role open, by area. */
const usableAreas = (role: Role) =>
  AREA_ENTRIES.filter((screen) => canUseScreen(screen, [role]))
    .map((screen) => screen.area)
    .sort();

/** One screen per call that the role may not make: each way a screen can be out of reach. */
function unusableScreens(role: Role): Screen[] {
  const byCall = new Map<string, Screen>();
  for (const screen of HOME_SCREENS) {
    const call = screenCall(screen) as string;
    if (!canUseScreen(screen, [role]) && !byCall.has(call)) byCall.set(call, screen);
  }
  return [...byCall.values()];
}

/** The screens the links point to (an area may have several, e.g. the agency's users and pipeline). */
async function linkedScreens(links: Locator): Promise<Screen[]> {
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.map((href) => screenAt(href));
}

/** Each linked screen must be one the role may use; answers the areas the links reach. */
function areasOf(screens: readonly Screen[], role: Role): string[] {
  for (const screen of screens) expect(canUseScreen(screen, [role]), screen.path).toBe(true);
  return [...new Set(screens.map((screen) => screen.area))].sort();
}

test('the policy gives each role a portal of its own', () => {
  // The reasoning of access-policy.ts, seen from the menu: advisors sell, staff serve and
  // administer, a trainee learns, a candidate fills in their own form.
  expect(usableAreas(ROLE_TRAINEE)).toEqual(['compliance', 'home', 'profile']);
  expect(usableAreas(ROLE_CAN)).toEqual(['home', 'profile', 'recruitment']);
  expect(usableAreas(ROLE_AS)).not.toContain('contacts');
  expect(usableAreas(ROLE_AAP)).toContain('contacts');
});

for (const { role, username, lang } of ROLE_USERS) {
  test.describe(`${role} (${username}, ${lang})`, () => {
    test.use({ signedInAs: username, lang });

    test('the menu and the dashboard shortcuts list the sections the policy lets this role open', async ({ page }) => {
      await page.goto('/home');
      await expectMainHeading(page, 'home:title', lang);
      const menu = page.getByRole('navigation', { name: text('common:main_navigation', lang) }).getByRole('link');
      await expect(menu.first()).toBeVisible();
      expect(areasOf(await linkedScreens(menu), role)).toEqual(usableAreas(role));

      const shortcuts = page.getByRole('region', { name: text('home:shortcuts', lang) }).getByRole('link');
      const expected = usableAreas(role).filter((area) => area !== 'home' && area !== 'profile');
      await expect(shortcuts.first()).toBeVisible();
      expect(areasOf(await linkedScreens(shortcuts), role)).toEqual(expected);
    });

    test('a typed URL of a screen this role may not use says so, with a way home, and calls nothing that is refused', async ({ page }) => {
      test.slow();
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) refused.push(response.url());
      });
      const screens = unusableScreens(role);
      for (const screen of screens) {
        await page.goto(screen.visit);
        await expectMainHeading(page, 'common:not_for_role_title', lang);
        await expect(page.getByRole('link', { name: text('common:go_home', lang) })).toBeVisible();
      }
      expect(refused).toEqual([]);
      if (screens.length > 0) {
        await page.getByRole('link', { name: text('common:go_home', lang) }).click();
        await expectMainHeading(page, 'home:title', lang);
      }
    });
  });
}

test.describe('a candidate with an account (demo.can)', () => {
  test.use({ signedInAs: 'demo.can', lang: 'km' });

  test('opens each of their own screens without a refused or missing answer', async ({ page }) => {
    test.slow();
    const refused: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if ((response.status() === 403 || response.status() === 404) && pathname.startsWith('/api/'))
        refused.push(`${response.status()} ${pathname}`);
    });
    const own = HOME_SCREENS.filter((screen) => canUseScreen(screen, [ROLE_CAN]));
    for (const screen of own) {
      await page.goto(screen.path);
      await expectMainHeading(page, screen.titleKey, 'km');
    }
    expect(refused).toEqual([]);
    await page.goto('/home/recruitment');
    await expect(page.getByTestId('candidate-form')).toBeVisible();
  });
});
