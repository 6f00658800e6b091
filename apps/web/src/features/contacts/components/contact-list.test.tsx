// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { i18n } from '../../../lib/i18n';
import { deferred, json, standInFetch, type Answer, type SentRequest } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { passTime, USER_UNDER_FAKE_TIMERS, useScreenTimers } from '../../../test/timers';
import { ContactList } from './contact-list';
import { latinName } from './contact-name';

const FIND = '/api/contact/v2/find';

function contact(firstName: string, lastName: string, id = `${firstName}-${lastName}`.toLowerCase()): ContactSummary {
  return {
    id,
    contactType: 'lifeInsured',
    firstName,
    lastName,
    firstNameKh: null,
    lastNameKh: null,
    gender: 'F',
    dateOfBirth: '1990-04-12',
    phone: '+85512345678',
    idType: null,
    idNumber: null,
  };
}

const dara = contact('Dara', 'Sok');
const bopha = contact('Bopha', 'Chan');
const darany = contact('Darany', 'Keo');

const page = (...items: ContactSummary[]) => json(200, { items, nextCursor: null });

/** The contact list with a server whose answer to each search term the test gives. */
async function openList(answers: (q: string | null) => Answer) {
  const network = standInFetch((r) => (r.url.pathname === FIND ? answers(r.url.searchParams.get('q')) : undefined));
  const view = await renderScreen(<ContactList />, { route: '/home/contact', user: USER_UNDER_FAKE_TIMERS });
  const box = await screen.findByLabelText(i18n.t('contacts:search_label'));
  const searches = () => network.to(FIND).map((r: SentRequest) => r.url.searchParams.get('q'));
  return { ...view, network, box, searches };
}

const names = () => screen.queryAllByTestId('contact-row-name').map((n) => n.textContent);

describe('ContactList search', () => {
  beforeEach(useScreenTimers);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once for the term typed, after the pause, not for each keystroke', async () => {
    const { user, box, searches, router } = await openList((q) => (q === 'dara' ? page(dara) : page(bopha)));
    await waitFor(() => expect(names()).toEqual([latinName(bopha)]));

    await user.type(box, 'dara');
    expect(searches()).toEqual([null]);

    await waitFor(() => expect(names()).toEqual([latinName(dara)]), { timeout: SEARCH_DEBOUNCE_MS + 2_000 });
    expect(searches()).toEqual([null, 'dara']);
    expect(router.state.location.search).toBe('?q=dara');
  });

  it(`asks nothing for fewer than ${SEARCH_MIN_LENGTH} characters and says why`, async () => {
    const { user, box, searches } = await openList(() => page(bopha));
    await waitFor(() => expect(names()).toEqual([latinName(bopha)]));

    await user.type(box, 'da');
    await passTime(SEARCH_DEBOUNCE_MS + 300);

    expect(screen.getByTestId('contact-search-hint').textContent).toBe(i18n.t('contacts:search_too_short', { min: SEARCH_MIN_LENGTH }));
    expect(searches()).toEqual([null]);
    expect(names()).toEqual([latinName(bopha)]);
  });

  it('searches for the letters a pasted name shows, without its invisible control characters', async () => {
    const { user, box, searches, router } = await openList((q) => (q === 'dara' ? page(dara) : page(bopha)));
    await waitFor(() => expect(names()).toEqual([latinName(bopha)]));

    await user.click(box);
    await user.paste('\u202Eda\u0000ra\u2069');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(names()).toEqual([latinName(dara)]));
    expect(searches()).toEqual([null, 'dara']);
    expect(router.state.location.search).toBe('?q=dara');
  });

  it('searches at once on Enter', async () => {
    const { user, box, searches } = await openList((q) => (q === 'sok' ? page(dara) : page()));
    await waitFor(() => expect(searches()).toEqual([null]));

    await user.type(box, 'sok{Enter}');

    await waitFor(() => expect(searches()).toEqual([null, 'sok']), { timeout: SEARCH_DEBOUNCE_MS / 2 });
    expect(await screen.findByText(latinName(dara))).toBeTruthy();
  });

  it('shows the answer to the latest term when an earlier search answers late', async () => {
    const slow = deferred();
    const { user, box, searches } = await openList((q) => {
      if (q === 'dar') return slow.answer;
      if (q === 'dara') return page(dara);
      return page(bopha);
    });
    await waitFor(() => expect(names()).toEqual([latinName(bopha)]));

    await user.type(box, 'dar{Enter}');
    await waitFor(() => expect(searches()).toEqual([null, 'dar']));
    await user.type(box, 'a{Enter}');
    await waitFor(() => expect(names()).toEqual([latinName(dara)]));

    // The first search's answer arrives after the second's: it is not shown.
    slow.send(page(darany, dara));
    await passTime(100);
    expect(names()).toEqual([latinName(dara)]);
    expect(within(screen.getByTestId('contact-list')).queryByText(latinName(darany))).toBeNull();
    expect(searches()).toEqual([null, 'dar', 'dara']);
  });
});
