// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgencyUser } from '@portal/domain/contracts/agency-users/list-agency-users';
import { i18n } from '../../../lib/i18n';
import { apiError, json, standInFetch } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { actionsFor } from './user-actions-menu';
import { AgencyUsersScreen } from './agency-users-screen';

const LIST = '/api/agency/v1/users';

function user(overrides: Partial<AgencyUser>): AgencyUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'dara.chea',
    displayName: 'Dara Chea',
    displayNameKh: 'ដារា ជា',
    roles: ['ROLE_AAP'],
    agentCode: 'A-1001',
    maskedPhone: '+855*****102',
    status: 'active',
    lockedUntil: null,
    passkeyCount: 1,
    lastSignInAt: '2026-11-27T09:30:00+07:00',
    self: false,
    ...overrides,
  };
}

const dara = user({});
const vanna = user({
  id: '00000000-0000-4000-8000-000000000002',
  username: 'vanna.keo',
  displayName: 'Vanna Keo',
  displayNameKh: null,
  status: 'locked',
  lockedUntil: '2026-11-27T10:15:00+07:00',
  passkeyCount: 0,
  lastSignInAt: null,
});

async function open(users: AgencyUser[], act: (path: string) => Response = () => json(200, { user: dara })) {
  const network = standInFetch((r) => {
    if (r.method === 'GET' && r.url.pathname === LIST) return json(200, { items: users });
    if (r.method === 'POST' && r.url.pathname.startsWith(`${LIST}/`)) return act(r.url.pathname);
    return undefined;
  });
  const view = await renderScreen(<AgencyUsersScreen />, { route: '/home/agency/users' });
  await screen.findByText('Dara Chea');
  const rows = () => screen.getAllByTestId('user-row').map((row) => row.getAttribute('data-username'));
  const posts = () => network.requests.filter((r) => r.method === 'POST').map((r) => r.path);
  return { ...view, rows, posts };
}

describe('AgencyUsersScreen', () => {
  it('shows each user with their status in words, a lock with its time, and the last sign-in', async () => {
    await open([dara, vanna]);
    const [first, second] = screen.getAllByTestId('user-row');
    expect(within(first!).getByTestId('user-status').textContent).toBe(i18n.t('agency:status_active'));
    expect(within(second!).getByTestId('user-status').textContent).toBe(i18n.t('agency:status_locked_until', { time: '27/11/2026 10:15' }));
    expect(first!.textContent).toContain(i18n.t('common:role_agency'));
    expect(first!.textContent).toContain(i18n.t('agency:last_sign_in', { time: '27/11/2026 09:30' }));
    expect(second!.textContent).toContain(i18n.t('agency:never_signed_in'));
    expect(first!.textContent).not.toContain('ROLE_AAP');
  });

  it('searches by name or username', async () => {
    const { user: person, rows } = await open([dara, vanna]);
    const box = screen.getByLabelText(i18n.t('agency:search_label'));
    await person.type(box, 'vanna.k');
    expect(rows()).toEqual(['vanna.keo']);
    await person.clear(box);
    await person.type(box, 'dara');
    expect(rows()).toEqual(['dara.chea']);
    await person.clear(box);
    await person.type(box, 'nobody');
    expect(screen.getByTestId('users-empty').textContent).toBe(i18n.t('agency:search_empty'));
  });

  async function askToDeactivate(person: Awaited<ReturnType<typeof open>>['user']) {
    await person.click(screen.getByRole('button', { name: i18n.t('agency:actions_for', { name: 'Dara Chea' }) }));
    await person.click(await screen.findByRole('menuitem', { name: i18n.t('agency:action_deactivate') }));
    return screen.findByRole('dialog', { name: i18n.t('agency:confirm_deactivate_title') });
  }

  it('asks before deactivating, and calls nothing when the admin cancels', async () => {
    const { user: person, posts } = await open([dara]);
    const dialog = await askToDeactivate(person);
    expect(dialog.textContent).toContain(i18n.t('agency:confirm_deactivate_text', { name: 'Dara Chea' }));
    await person.click(within(dialog).getByRole('button', { name: i18n.t('common:cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('deactivates once the admin confirms', async () => {
    const { user: person, posts } = await open([dara]);
    const dialog = await askToDeactivate(person);
    await person.click(within(dialog).getByRole('button', { name: i18n.t('agency:action_deactivate') }));
    await waitFor(() => expect(posts()).toEqual([`${LIST}/${dara.id}/deactivate`]));
  });

  it('unlocks at once, without a question', async () => {
    const { user: person, posts } = await open([dara, vanna]);
    await person.click(screen.getByRole('button', { name: i18n.t('agency:actions_for', { name: 'Vanna Keo' }) }));
    await person.click(await screen.findByRole('menuitem', { name: i18n.t('agency:action_unlock') }));
    await waitFor(() => expect(posts()).toEqual([`${LIST}/${vanna.id}/unlock`]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers only the actions that fit the user', () => {
    expect(actionsFor(dara)).toEqual(['send-set-password-link', 'reset-passkeys', 'deactivate']);
    expect(actionsFor(vanna)).toEqual(['unlock', 'send-set-password-link', 'deactivate']);
    expect(actionsFor(user({ status: 'deactivated' }))).toEqual(['reactivate']);
    expect(actionsFor(user({ self: true, passkeyCount: 0 }))).toEqual(['send-set-password-link']);
  });

  it('says what went wrong when the list cannot be read', async () => {
    standInFetch((r) => (r.url.pathname === LIST ? apiError(403, 'forbidden') : undefined));
    await renderScreen(<AgencyUsersScreen />, { route: '/home/agency/users' });
    expect((await screen.findByRole('alert')).textContent).toContain(i18n.t('errors:forbidden'));
  });
});
