// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BANK_LABELS, REFERRER_LABELS } from '@portal/domain/codes/application-labels';
import { BANK_BRANCHES } from '@portal/domain/codes/bank-branches';
import { BANK_CODES, REFERRER_CODES } from '@portal/domain/codes/referrers';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { i18n } from '../../../lib/i18n';
import { APPLICATION } from '../../../test/application';
import { json, standInFetch } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { useWizard } from '../hooks/use-wizard';
import { AdvisorStatementStep } from './advisor-statement-step';

/** An application whose referral came from a partner bank's referrer code (09: Maybank). */
const application: ApplicationResponse = {
  ...APPLICATION,
  activeStep: 3,
  steps: { ...APPLICATION.steps, advisorStatement: { referrerCode: '09', isBankReferal: true, bank: 'BAMAY', isSupervisor: false } },
};

function Step() {
  const wizard = useWizard(application, []);
  return <AdvisorStatementStep wizard={wizard} />;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe.each(['en', 'km'] as const)('the advisor statement in %s', (lang) => {
  it('names the referrers and the partner bank in words, never by their codes', async () => {
    standInFetch(({ path }) =>
      path === '/api/appform/v1/lov/branch/BAMAY' ? json(200, { bankCode: 'BAMAY', branches: BANK_BRANCHES.BAMAY }) : undefined,
    );
    await renderScreen(<Step />);
    await i18n.changeLanguage(lang);
    const maybank = i18n.t(BANK_LABELS.BAMAY);

    await waitFor(() => expect((screen.getByLabelText(i18n.t('applications:field_bank')) as HTMLInputElement).value).toBe(maybank));
    const referrers = within(screen.getByRole('combobox', { name: new RegExp(i18n.t('applications:field_referrer_code')) }));
    const options = referrers.getAllByRole('option').map((option) => option.textContent ?? '');
    expect(options).toContain(i18n.t(REFERRER_LABELS['09'], { bank: maybank }));
    for (const option of options) {
      for (const code of [...REFERRER_CODES, ...BANK_CODES])
        expect(option, `"${option}" shows ${code}`).not.toMatch(new RegExp(`\\b${code}\\b`));
    }
    // The branch list (the bank's own, from the server) also speaks the page's language.
    const branch = BANK_BRANCHES.BAMAY[0];
    if (!branch) throw new Error('Maybank has no branch');
    const shown = await screen.findByRole('option', { name: lang === 'km' ? branch.nameKh : branch.name });
    expect((shown as HTMLOptionElement).value).toBe(branch.code);
  });
});
