// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_USD } from '@portal/domain/codes/currencies';
import { toMoney, type PolicySummary } from '@portal/domain/contracts/policies/policy-fields';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { i18n } from '../../../lib/i18n';
import { deferred, json, standInFetch, type Answer } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { passTime, USER_UNDER_FAKE_TIMERS, useScreenTimers } from '../../../test/timers';
import { SearchScreen } from './search-screen';

const SEARCH = '/api/policy/v1/search/customers';

function policy(policyNumber: string, firstName: string): PolicySummary {
  return {
    policyNumber,
    productCode: 'LTU05',
    planKey: null,
    status: 'Active',
    statusDate: '2024-01-10',
    premiumMode: 'annual',
    modalPremium: toMoney(52_000, CURRENCY_USD),
    sumAssured: toMoney(3_000_000, CURRENCY_USD),
    effectiveDate: '2024-01-10',
    paidToDate: '2026-01-10',
    maturityDate: null,
    graceEndDate: null,
    owner: { firstName, lastName: 'Sok', firstNameKh: null, lastNameKh: null, phone: null },
    insured: null,
  };
}

const page = (...items: PolicySummary[]) => json(200, { items, nextCursor: null });

async function openSearch(answer: (params: URLSearchParams) => Answer) {
  const network = standInFetch((r) => (r.url.pathname === SEARCH ? answer(r.url.searchParams) : undefined));
  const view = await renderScreen(<SearchScreen />, { route: '/home/servicing/search', user: USER_UNDER_FAKE_TIMERS });
  const box = await screen.findByLabelText(i18n.t('servicing:search_label'));
  const sent = () => network.to(SEARCH).map((r) => ({ q: r.url.searchParams.get('q'), status: r.url.searchParams.get('status') }));
  const shown = () => [...document.querySelectorAll('[data-policy]')].map((row) => row.getAttribute('data-policy'));
  return { ...view, box, sent, shown };
}

describe('SearchScreen (policy search)', () => {
  beforeEach(useScreenTimers);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once for the whole term after the pause and keeps it in the address', async () => {
    const { user, box, sent, shown, router } = await openSearch((p) =>
      p.get('q') === 'P-100' ? page(policy('P-1001', 'Dara')) : page(policy('P-2002', 'Bopha'), policy('P-1001', 'Dara')),
    );
    await waitFor(() => expect(shown()).toEqual(['P-2002', 'P-1001']));

    await user.type(box, 'P-100');
    expect(sent()).toEqual([{ q: null, status: null }]);

    await waitFor(() => expect(shown()).toEqual(['P-1001']), { timeout: SEARCH_DEBOUNCE_MS + 2_000 });
    expect(sent()).toEqual([
      { q: null, status: null },
      { q: 'P-100', status: null },
    ]);
    expect(router.state.location.search).toBe('?q=P-100');
  });

  it(`says a term under ${SEARCH_MIN_LENGTH} characters is too short and does not search with it`, async () => {
    const { user, box, sent } = await openSearch(() => page());
    await waitFor(() => expect(sent()).toHaveLength(1));

    await user.type(box, 'P1');
    await passTime(SEARCH_DEBOUNCE_MS + 300);

    expect(screen.getByText(i18n.t('servicing:search_too_short', { min: SEARCH_MIN_LENGTH }))).toBeTruthy();
    expect(sent()).toEqual([{ q: null, status: null }]);
  });

  it('searches with the status chosen, and a late answer to an earlier search is not shown', async () => {
    const slow = deferred();
    const { user, box, sent, shown } = await openSearch((p) => {
      if (p.get('q') === 'dara' && p.get('status') === null) return slow.answer;
      if (p.get('q') === 'dara' && p.get('status') === 'Grace') return page({ ...policy('P-3003', 'Dara'), status: 'Grace' });
      return page();
    });

    await user.type(box, 'dara{Enter}');
    await waitFor(() => expect(sent()).toContainEqual({ q: 'dara', status: null }));
    await user.selectOptions(screen.getByLabelText(i18n.t('servicing:status_filter')), i18n.t('servicing:status_grace'));
    await waitFor(() => expect(shown()).toEqual(['P-3003']));

    slow.send(page(policy('P-1001', 'Dara')));
    await passTime(100);
    expect(shown()).toEqual(['P-3003']);
    expect(sent().at(-1)).toEqual({ q: 'dara', status: 'Grace' });
  });
});
