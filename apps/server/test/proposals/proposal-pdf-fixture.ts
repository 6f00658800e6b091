import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { catalogueQuoteEngine } from '../../src/modules/proposals/proposal-engine';
import { qrSvgDataUrl } from '../../src/modules/proposals/proposal-payment';
import { proposalReportHtml, type ProposalReportInput } from '../../src/modules/proposals/proposal-report';

/**
 * A proposal with every value pinned (date, people, numbers, the KHQR string), so its PDF pages
 * are the same on every run: the input of the reference-image test.
 */
export const PINNED_NOW = new Date('2026-11-21T03:04:00Z');
const TODAY = '2026-11-21';
const PINNED_KHQR =
  '00020101021230390012lifeinsurer@aclb0109100200300020800ACLBKHPP52045999530384054063.505802KH5921Life Insurer Cambodia6010Phnom Penh62170113OPC00000001946304ABCD';

export async function pinnedReportHtml(lang: 'en' | 'km'): Promise<string> {
  const result = calculatePremium(
    {
      productCode: 'TERM',
      lifeInsured: { dateOfBirth: '1990-05-10', gender: 'M' },
      policyOwner: { dateOfBirth: '1962-02-01', gender: 'M' },
      faceAmount: '25000.00',
      policyTerm: 10,
      premiumTerm: 10,
      riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
    },
    CURRENT_CATALOGUE,
    { today: TODAY },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const quote = result.value;
  const premium = quote.premiumFirstYear.monthly?.premium ?? '0.00';
  const input: ProposalReportInput = {
    lang,
    generatedAt: PINNED_NOW,
    proposal: {
      proposalNumber: 'PR00000001',
      status: 'quoted',
      lifeInsured: {
        contactId: 'a',
        firstName: 'Sokha',
        lastName: 'Chan',
        firstNameKh: 'សុខា',
        lastNameKh: 'ចាន់',
        gender: 'M',
        dateOfBirth: '1990-05-10',
      },
      policyOwner: {
        contactId: 'b',
        firstName: 'Vanna',
        lastName: 'Chan',
        firstNameKh: 'វណ្ណា',
        lastNameKh: 'ចាន់',
        gender: 'M',
        dateOfBirth: '1962-02-01',
      },
      relationshipCode: '08',
      productCode: 'TERM',
      planKey: quote.planKey,
      faceAmountCents: 2_500_000,
      policyTerm: 10,
      premiumTerm: 10,
      premiumMode: 'monthly',
      premiumCents: Math.round(Number(premium) * 100),
      catalogueVersion: quote.catalogueVersion,
      quote,
    },
    advisor: { name: 'Sokha Chan', nameKh: 'ចាន់ សុខា', code: 'AAP00001' },
    names: await catalogueQuoteEngine(() => CURRENT_CATALOGUE).names(),
    payment: {
      paymentReference: 'OPC0000000194',
      amountCents: Math.round(Number(premium) * 100),
      qrImage: await qrSvgDataUrl(PINNED_KHQR),
      expiresAt: new Date('2026-12-21T03:04:00Z'),
    },
  };
  return proposalReportHtml(input);
}
