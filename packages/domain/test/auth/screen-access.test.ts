import { describe, expect, it } from 'vitest';
import { ACCESS_POLICY, decideAccess, PUBLIC } from '../../src/api/access-policy';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_CAN, ROLE_TRAINEE, SIGN_IN_ROLES } from '../../src/codes/roles';
import { SCREENS, type Screen } from '../../src/screens';
import { canUseScreen, screenAccess, screenCall } from '../../src/screen-access';

const screen = (id: string): Screen => {
  const found = SCREENS.find((entry) => entry.id === id);
  if (!found) throw new Error(`no screen ${id}`);
  return found;
};

/** The screens of the signed-in app (under /home) that a role may open. */
const homeScreensOf = (role: string): string[] =>
  SCREENS.filter((entry) => entry.path.startsWith('/home') && canUseScreen(entry, [role])).map((entry) => entry.id);

describe('screen access (read from the access policy)', () => {
  it('names, for every signed-in screen under /home, a call that is in the access policy', () => {
    for (const entry of SCREENS.filter((candidate) => candidate.path.startsWith('/home'))) {
      const call = screenCall(entry);
      expect(call, entry.id).toBeDefined();
      expect(ACCESS_POLICY[call as string], `${entry.id}: ${call}`).toBeDefined();
      expect(screenAccess(entry), entry.id).not.toBe(PUBLIC);
    }
  });

  it('opens screens outside the signed-in app to anyone', () => {
    for (const id of ['signin', 'otp', 'secure-link', 'link-expired']) {
      expect(screenAccess(screen(id))).toBe(PUBLIC);
      expect(canUseScreen(screen(id), [])).toBe(true);
    }
  });

  it('lets a role use a screen exactly when the policy lets it make the screen’s call', () => {
    for (const entry of SCREENS.filter((candidate) => candidate.requiresAuth && candidate.path.startsWith('/home'))) {
      for (const role of SIGN_IN_ROLES) {
        expect(canUseScreen(entry, [role]), `${entry.id} as ${role}`).toBe(
          decideAccess(ACCESS_POLICY[screenCall(entry) as string], [role]) === 'allow',
        );
      }
    }
  });

  it('gives every role that signs in the dashboard and its profile', () => {
    for (const role of SIGN_IN_ROLES) {
      expect(canUseScreen(screen('home'), [role]), role).toBe(true);
      expect(canUseScreen(screen('profile'), [role]), role).toBe(true);
    }
  });

  it('keeps contacts to advisors, and sales edits away from agency staff', () => {
    for (const role of [ROLE_AAP, ROLE_BK]) expect(canUseScreen(screen('contacts'), [role]), role).toBe(true);
    for (const role of [ROLE_AS, ROLE_AA, ROLE_TRAINEE, ROLE_CAN]) expect(canUseScreen(screen('contacts'), [role]), role).toBe(false);
    expect(canUseScreen(screen('proposal-list'), [ROLE_AS])).toBe(true);
    expect(canUseScreen(screen('proposal-edit'), [ROLE_AS])).toBe(false);
  });

  it('gives a trainee compliance training and no sales or recruitment screen', () => {
    const trainee = homeScreensOf(ROLE_TRAINEE);
    expect(trainee).toEqual(expect.arrayContaining(['home', 'profile', 'compliance', 'questionnaire']));
    expect(trainee.filter((id) => !['home', 'profile', 'compliance', 'questionnaire'].includes(id))).toEqual([]);
  });

  it('gives a candidate their own form and none of the recruiters’ lists', () => {
    const candidate = homeScreensOf(ROLE_CAN);
    expect(candidate).toEqual(
      expect.arrayContaining(['recruitment', 'recruitment-application-detail', 'code-of-conduct', 'review-contract']),
    );
    for (const id of ['recruitment-application-list', 'recruitment-search', 'irc-list', 'agent', 'compliance', 'contacts']) {
      expect(candidate, id).not.toContain(id);
    }
  });

  it('keeps approval, product permissions and ITC administration to the agency admin', () => {
    for (const id of ['recruitment-approve-successfully', 'product-permission', 'agent', 'itc-class', 'upload-itc-exam-result']) {
      expect(canUseScreen(screen(id), [ROLE_AA]), id).toBe(true);
      expect(canUseScreen(screen(id), [ROLE_AAP]), id).toBe(false);
    }
    expect(canUseScreen(screen('recruitment-application-list'), [ROLE_BK])).toBe(false);
  });

  it('lets a user with several roles use what any of them may', () => {
    expect(canUseScreen(screen('contacts'), [ROLE_TRAINEE, ROLE_BK])).toBe(true);
    expect(canUseScreen(screen('contacts'), [])).toBe(false);
  });
});
