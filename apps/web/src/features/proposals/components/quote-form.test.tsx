// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import type { CreateProposalInput, ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { i18n, translateFormError } from '../../../lib/i18n';
import { apiError, json, standInFetch, type Answer, type SentRequest } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { passTime, USER_UNDER_FAKE_TIMERS, useScreenTimers } from '../../../test/timers';
import { emptyQuoteValues, type QuoteFormValues } from '../hooks/quote-form-values';
import { usd } from './money';
import { QuoteForm } from './quote-form';

const CATALOGUE = '/api/product/v1/';
const FIND_CONTACTS = '/api/contact/v2/find';
const FIND_CONTACT = '/api/contact/v1/find/';
const CREATE = '/api/proposal/v1/create';

const product = CURRENT_CATALOGUE.products.find((p) => p.code === 'LPTL');
if (!product) throw new Error('the seeded catalogue has no LPTL');

const dara: ContactSummary = {
  id: '0b7d6f3e-2c4a-4e8b-9f1d-5a6c7e8f9a01',
  contactType: 'lifeInsured',
  firstName: 'Dara',
  lastName: 'Sok',
  firstNameKh: null,
  lastNameKh: null,
  gender: 'F',
  dateOfBirth: '1990-04-12',
  phone: '+85512345678',
  idType: null,
  idNumber: null,
};

/** The premium the shared engine gives Dara for `faceAmount` of First Plan, with the product's defaults. */
function enginePremium(faceAmount: string): string {
  const answer = calculatePremium(
    { productCode: product!.code, lifeInsured: { dateOfBirth: dara.dateOfBirth, gender: dara.gender }, faceAmount, riders: [] },
    CURRENT_CATALOGUE,
    { today: todayInPhnomPenh() },
  );
  if (!answer.ok) throw new Error('engine refused the test quote');
  return answer.value.premiumFirstYear.annual?.premium ?? '';
}

/** The stored proposal the server answers a save with. */
function storedProposal(sent: CreateProposalInput, id: string, version: number): ProposalResponse {
  const quote = calculatePremium(
    {
      productCode: sent.productCode,
      lifeInsured: { dateOfBirth: dara.dateOfBirth, gender: dara.gender },
      faceAmount: sent.faceAmount,
      riders: [],
    },
    CURRENT_CATALOGUE,
    { today: todayInPhnomPenh() },
  );
  if (!quote.ok) throw new Error('engine refused the test quote');
  const party = {
    contactId: dara.id,
    firstName: dara.firstName,
    lastName: dara.lastName,
    firstNameKh: null,
    lastNameKh: null,
    gender: dara.gender,
    dateOfBirth: dara.dateOfBirth,
  };
  return {
    id,
    proposalNumber: 'PR-0001',
    status: 'quoted',
    lifeInsured: party,
    policyOwner: party,
    relationshipCode: null,
    productCode: quote.value.productCode,
    planKey: quote.value.planKey,
    faceAmount: quote.value.faceAmount,
    policyTerm: quote.value.policyTerm,
    premiumTerm: quote.value.premiumTerm,
    riders: [],
    premiumMode: 'annual',
    premium: quote.value.premiumFirstYear.annual?.premium ?? '0.00',
    catalogueVersion: quote.value.catalogueVersion,
    quote: quote.value,
    advisor: { name: 'Advisor One', nameKh: null, code: null },
    statusHistory: [],
    createdDate: '2026-11-27T09:00:00+07:00',
    modifiedDate: '2026-11-27T09:00:00+07:00',
    version,
  };
}

/** The server's side of the calls the form makes; `save` answers create and update. */
function server(save: (request: SentRequest) => Answer): (request: SentRequest) => Answer | undefined {
  return (r) => {
    if (r.url.pathname === CATALOGUE) {
      return json(200, {
        catalogueVersion: CURRENT_CATALOGUE.version,
        products: CURRENT_CATALOGUE.products,
        riders: CURRENT_CATALOGUE.riders,
        catalogue: CURRENT_CATALOGUE,
      });
    }
    if (r.url.pathname === FIND_CONTACTS) return json(200, { items: [dara], nextCursor: null });
    if (r.url.pathname.startsWith(FIND_CONTACT)) {
      return json(200, {
        ...dara,
        email: null,
        occupation: null,
        address: null,
        createdDate: '2026-01-01T09:00:00+07:00',
        modifiedDate: '2026-01-01T09:00:00+07:00',
        version: 1,
      });
    }
    if (r.method === 'POST') return save(r);
    return undefined;
  };
}

async function fillQuote(user: Awaited<ReturnType<typeof renderScreen>>['user'], faceAmount: string) {
  await user.selectOptions(await screen.findByTestId('quote-life-insured'), dara.id);
  await user.selectOptions(screen.getByTestId('quote-product'), product!.code);
  await user.type(await screen.findByTestId('quote-face-amount'), faceAmount);
}

describe('QuoteForm', () => {
  // The premium follows the life insured's age on today's date in Phnom Penh: one fixed day, so
  // the form and the expected figures never straddle a midnight or a birthday.
  beforeEach(() => {
    useScreenTimers();
    vi.setSystemTime(new Date('2026-06-15T03:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the engine premium as the form is filled and saves the proposal as typed', async () => {
    const network = standInFetch(server((r) => json(200, storedProposal(r.body as CreateProposalInput, 'p-1', 1))));
    const { user } = await renderScreen(<QuoteForm initial={emptyQuoteValues()} />, {
      route: '/home/proposal/new-proposal',
      user: USER_UNDER_FAKE_TIMERS,
    });

    await fillQuote(user, '20000');
    await waitFor(() => expect(screen.getByTestId('quote-premium').textContent).toBe(usd(enginePremium('20000'))));

    await user.click(screen.getByTestId('quote-save'));

    expect((await screen.findByTestId('landed')).textContent).toBe('/home/proposal/new-proposal-created-success/p-1');
    expect(network.to(CREATE).map((r) => r.body)).toEqual([
      {
        lifeInsuredContactId: dara.id,
        productCode: product.code,
        planKey: product.defaultPlanKey,
        faceAmount: '20000',
        policyTerm: product.defaultPolicyTerm,
        premiumTerm: product.defaultPremiumTerm,
        riders: [],
        premiumMode: 'annual',
      },
    ]);
  });

  it('asks for contacts once typing in the contact search pauses, with the settled term', async () => {
    const network = standInFetch(server(() => json(500, {})));
    const { user } = await renderScreen(<QuoteForm initial={emptyQuoteValues()} />, {
      route: '/home/proposal/new-proposal',
      user: USER_UNDER_FAKE_TIMERS,
    });
    await screen.findByTestId('quote-life-insured');
    const before = network.to(FIND_CONTACTS).length;

    const terms = () =>
      network
        .to(FIND_CONTACTS)
        .slice(before)
        .map((r) => r.url.searchParams.get('q'));

    await user.type(screen.getByTestId('quote-contact-search'), 'dara k');
    await waitFor(() => expect(terms()).not.toEqual([]), { timeout: SEARCH_DEBOUNCE_MS + 2_000 });
    // Nothing more is asked while the term stays the same: one request, for the whole term.
    await passTime(SEARCH_DEBOUNCE_MS / 2);
    expect(terms()).toEqual(['dara k']);
  });

  it('names what is still missing before there is a premium', async () => {
    standInFetch(server(() => apiError(500, 'system_error')));
    const { user } = await renderScreen(<QuoteForm initial={emptyQuoteValues()} />, { user: USER_UNDER_FAKE_TIMERS });

    await user.selectOptions(await screen.findByTestId('quote-life-insured'), dara.id);
    await user.selectOptions(screen.getByTestId('quote-product'), product.code);

    await waitFor(() =>
      expect(screen.getByTestId('quote-missing').textContent).toBe(
        i18n.t('proposals:quote_needs', { fields: i18n.t('proposals:face_amount') }),
      ),
    );
    expect(screen.queryByTestId('quote-premium')?.textContent).toBe('—');
  });

  it("puts the server's refusal on the field it names", async () => {
    const network = standInFetch(server(() => apiError(422, 'validation_failed', { errors: [{ field: 'faceAmount', key: 'max' }] })));
    const { user } = await renderScreen(<QuoteForm initial={emptyQuoteValues()} />, { user: USER_UNDER_FAKE_TIMERS });

    await fillQuote(user, '20000');
    await user.click(screen.getByTestId('quote-save'));

    expect((await screen.findByTestId('quote-error')).textContent).toBe(i18n.t('proposals:fix_errors'));
    const amount = screen.getByTestId('quote-face-amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(translateFormError('max'))).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    expect(network.to(CREATE)).toHaveLength(1);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('after someone else saved the proposal, reloads their version and saves on top of it', async () => {
    let updates = 0;
    const network = standInFetch(
      server((r) => {
        updates += 1;
        return updates === 1 ? apiError(409, 'version_conflict') : json(200, storedProposal(r.body as CreateProposalInput, 'p-7', 7));
      }),
    );
    const stored: QuoteFormValues = {
      ...emptyQuoteValues(dara.id),
      productCode: product.code,
      planKey: product.defaultPlanKey,
      faceAmount: '20000',
      policyTerm: String(product.defaultPolicyTerm),
      premiumTerm: String(product.defaultPremiumTerm),
    };
    const reloadLatest = vi.fn(() => Promise.resolve({ values: { ...stored, faceAmount: '25000' }, version: 6 }));
    const { user } = await renderScreen(<QuoteForm initial={stored} editing={{ id: 'p-7', version: 4, reloadLatest }} />, {
      user: USER_UNDER_FAKE_TIMERS,
    });

    await user.click(await screen.findByTestId('quote-save'));
    expect(await screen.findByTestId('quote-conflict')).toBeTruthy();
    expect(screen.getByTestId('quote-save')).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: i18n.t('proposals:reload_latest') }));
    await waitFor(() => expect(screen.queryByTestId('quote-conflict')).toBeNull());
    expect((screen.getByTestId('quote-face-amount') as HTMLInputElement).value).toBe('25000');

    await user.click(screen.getByTestId('quote-save'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/home/proposal/proposal-detail/p-7');
    const sent = network.requests
      .filter((r) => r.url.pathname === '/api/proposal/v1/update/p-7')
      .map((r) => r.body as { version: number; faceAmount: string });
    expect(sent.map((b) => [b.version, b.faceAmount])).toEqual([
      [4, '20000'],
      [6, '25000'],
    ]);
    expect(reloadLatest).toHaveBeenCalledTimes(1);
  });
});
