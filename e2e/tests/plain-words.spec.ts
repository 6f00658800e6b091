// Plain words on every screen: the roles between them open every screen of the portal (each role
// its own dashboard and profile, a candidate their own application) on a 360-px phone, in Khmer,
// with real records behind the record screens (a contact, a proposal with riders and an
// application the test makes; a policy and a candidate of the role's own lists). No screen shows a
// raw code, a translation key or `undefined`, and no Khmer screen keeps an English word of the
// portal's own texts.
import type { Page } from '@playwright/test';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_CAN, ROLE_TRAINEE, type Role } from '../../packages/domain/src/codes/roles';
import { canUseScreen } from '../../packages/domain/src/screen-access';
import { apiGet, apiPost } from '../support/auth';
import { waitForContent } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { plainWordProblems } from '../support/plain-words';
import { contactWithRiderProposal, pageToken, TYPED_CONTACT_TEXTS } from '../support/records';
import { SCREENS, type Screen } from '../support/screens';

const ROLE_USERS: readonly { role: Role; username: string }[] = [
  { role: ROLE_AAP, username: 'demo.aap' },
  { role: ROLE_BK, username: 'demo.bk' },
  { role: ROLE_AS, username: 'demo.as' },
  // The second agency admin: demo.aa signs in often in other tests, and one-time codes are counted per user.
  { role: ROLE_AA, username: 'demo.aa2' },
  { role: ROLE_TRAINEE, username: 'demo.trainee' },
  { role: ROLE_CAN, username: 'demo.can' },
];

const HOME_SCREENS = SCREENS.filter((screen) => screen.path === '/home' || screen.path.startsWith('/home/'));

interface RecordIds {
  contactId?: string;
  proposalId?: string;
  applicationId?: string;
  policyNumber?: string;
  candidateNumber?: string;
}

async function json<T>(page: Page, path: string, token: string): Promise<T | undefined> {
  const res = await apiGet(page, path, token);
  return res.ok() ? ((await res.json()) as T) : undefined;
}

/** Records for the role's record screens: made through the API where the role sells, else found in its lists. */
async function recordsFor(page: Page, role: Role, area: Screen['area']): Promise<RecordIds> {
  const token = await pageToken(page);
  const ids: RecordIds = {};
  const sells = HOME_SCREENS.some((s) => s.id === 'contact-detail' && canUseScreen(s, [role]));
  if (sells && (area === 'contacts' || area === 'proposals' || area === 'applications')) {
    const made = await contactWithRiderProposal(page);
    ids.contactId = made.contactId;
    ids.proposalId = made.proposalId;
    if (area === 'applications') {
      const application = await apiPost(page, '/api/appform/v1/create', { proposalId: made.proposalId }, token);
      expect(application.status(), await application.text()).toBe(201);
      ids.applicationId = ((await application.json()) as { id: string }).id;
    }
  }
  if (area === 'servicing') {
    const list = await json<{ items: { policyNumber: string }[] }>(page, '/api/policy/v1/search/customers?size=1', token);
    ids.policyNumber = list?.items[0]?.policyNumber;
  }
  if (area === 'recruitment') {
    const list = await json<{ items: { candidateNumber: string }[] }>(page, '/api/candidate/v1/find?size=1', token);
    ids.candidateNumber = list?.items[0]?.candidateNumber;
  }
  return ids;
}

/** The screen's `visit` URL with the role's records in place of the placeholder `1`. */
function visitOf(screen: Screen, ids: RecordIds): string {
  const at = (id: string | undefined, replace: (url: string, id: string) => string) => (id ? replace(screen.visit, id) : screen.visit);
  switch (screen.area) {
    case 'contacts':
      return at(ids.contactId, (url, id) => url.replace(/\/1(?=\/|$)/, `/${id}`));
    case 'proposals':
      return at(ids.proposalId, (url, id) => url.replace(/\/1$/, `/${id}`));
    case 'applications':
      return at(ids.applicationId, (url, id) => url.replace('applicationId=1', `applicationId=${encodeURIComponent(id)}`));
    case 'servicing':
      return at(ids.policyNumber, (url, id) => url.replace(/\/1$/, `/${id}`));
    case 'recruitment':
      return at(ids.candidateNumber, (url, id) => url.replace('candidateNumber=1', `candidateNumber=${id}`));
    default:
      return screen.visit;
  }
}

/** A screen as a person reads it: its heading shown and nothing left loading (else that is the problem). */
async function settled(page: Page): Promise<string | null> {
  try {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  } catch {
    return 'no level-1 heading';
  }
  try {
    await waitForContent(page);
  } catch {
    return 'still loading after 15 s';
  }
  return null;
}

const AREAS = [...new Set(HOME_SCREENS.map((screen) => screen.area))];

/**
 * The screens each role's sweep opens: every screen once, by the first role (in ROLE_USERS' order)
 * that may use it — the words of a screen are the same for every role that sees it — except the
 * screens that are the person's own: the dashboard and the profile for every role, and a
 * candidate's screens (their own application) for the candidate.
 */
const SWEEP: ReadonlyMap<Role, readonly Screen[]> = (() => {
  const seen = new Set<string>();
  const plan = new Map<Role, Screen[]>();
  for (const { role } of ROLE_USERS) {
    const own = role === ROLE_CAN;
    const screens = HOME_SCREENS.filter(
      (screen) => canUseScreen(screen, [role]) && (own || screen.area === 'home' || screen.area === 'profile' || !seen.has(screen.id)),
    );
    for (const screen of screens) seen.add(screen.id);
    plan.set(role, screens);
  }
  return plan;
})();

// Khmer only: a11y.spec.ts opens every screen in English and checks it for codes and keys too.
const lang = 'km';

for (const { role, username } of ROLE_USERS) {
  test.describe(`plain words on every screen of ${username} (${lang})`, () => {
    test.use({ signedInAs: username, lang, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    for (const area of AREAS) {
      const screens = (SWEEP.get(role) ?? []).filter((screen) => screen.area === area);
      if (screens.length === 0) continue;
      test(`${area}: no screen shows a code, a key or an English word left on a Khmer screen`, async ({ page }) => {
        test.setTimeout(240_000);
        const ids = await recordsFor(page, role, area);
        const found: Record<string, string[]> = {};
        for (const screen of screens) {
          const url = visitOf(screen, ids);
          await page.goto(url);
          const unsettled = await settled(page);
          const problems = unsettled ? [unsettled] : await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);
          if (problems.length > 0) found[`${screen.id} ${url}`] = problems;
        }
        expect(found).toEqual({});
      });
    }
  });
}
