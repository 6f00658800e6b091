import { describe, expect, it } from 'vitest';
import { BENEFICIARY_PRIORITY_CODES, CLIENT_LINK_TYPE_CODES } from '@portal/domain/codes/client';
import { PAYMENT_TYPE_CODES } from '@portal/domain/codes/payment-types';
import { COVERAGE_TYPE_CODES } from '@portal/domain/codes/policy-codes';
import { FORM_ERROR_KEYS } from '@portal/domain/errors/error-keys';
import { clientPendingFileName, clientPendingQuerySchema } from '@portal/domain/contracts/policies/download-client-pending';
import { clientMilestonesQuerySchema } from '@portal/domain/contracts/policies/find-client-milestones';
import { clientPaymentsQuerySchema } from '@portal/domain/contracts/policies/find-client-payments';
import { feedHeaderSchema, feedIssueKey, feedPolicySchema } from '@portal/domain/contracts/policies/policy-feed';
import { COVERAGE_TYPES_LIST, LINK_TYPES, PAYMENT_TYPES_LIST, PRIORITIES, toMoney } from '@portal/domain/contracts/policies/policy-fields';
import { moneySchema } from '@portal/domain/contracts/policies/value-fields';
import { searchCustomersQuerySchema } from '@portal/domain/contracts/policies/search-customers';
import { updateDeliveryStatusRequestSchema } from '@portal/domain/contracts/policies/update-delivery-status';
import { pendingCodeFieldSchema } from '@portal/domain/contracts/policies/upload-client-pending-doc';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string; code: string; input?: unknown }[] };
}) {
  return result.error?.issues.map((issue) => [issue.path.map(String).join('.'), feedIssueKey(issue)]) ?? [];
}

const record = (overrides: Record<string, unknown> = {}) => ({
  policyNumber: 'p100000001',
  productCode: 'LPTL',
  status: 'Active',
  statusDate: '2024-03-01',
  issueDate: '2024-03-01',
  effectiveDate: '01/03/2024',
  paidToDate: '2026-12-01',
  premiumMode: 'monthly',
  modalPremium: '125.5',
  currency: '02',
  sumAssured: '50000',
  agent: { username: 'demo.aap' },
  clients: [
    {
      linkType: 'O',
      firstName: 'Sokha',
      lastName: 'Chan',
      firstNameKh: 'សុខា',
      lastNameKh: 'ចាន់',
      gender: 'M',
      dateOfBirth: '1985-12-05',
      phone: '012 345 678',
    },
    { linkType: 'I', firstName: 'Sokha', lastName: 'Chan', gender: 'M', dateOfBirth: '1985-12-05' },
  ],
  coverages: [{ coverageType: 'B', productCode: 'LPTL', faceAmount: '50000', premium: '125.50' }],
  payments: [{ paymentDate: '2026-11-01', amount: '514550', currency: '96', paymentType: 'WING' }],
  ...overrides,
});

describe('policy codes', () => {
  it('the enum tuples are exactly the spec §3 codes', () => {
    expect([...LINK_TYPES].sort()).toEqual([...CLIENT_LINK_TYPE_CODES].sort());
    expect([...PRIORITIES].sort()).toEqual([...BENEFICIARY_PRIORITY_CODES].sort());
    expect([...COVERAGE_TYPES_LIST].sort()).toEqual([...COVERAGE_TYPE_CODES].sort());
    expect([...PAYMENT_TYPES_LIST].sort()).toEqual([...PAYMENT_TYPE_CODES].sort());
  });

  it('money carries minor units, a decimal string and the text to show, per currency', () => {
    expect(toMoney(123450, '02')).toEqual({ currency: '02', minor: 123450, amount: '1234.50', formatted: '$1,234.50' });
    expect(toMoney(1_234_500, '96')).toEqual({ currency: '96', minor: 1_234_500, amount: '1234500', formatted: '1,234,500៛' });
    expect(moneySchema.safeParse(toMoney(5, '02')).success).toBe(true);
  });
});

describe('policy feed record', () => {
  it('outputs amounts in minor units of their currency, E.164 phones, ISO dates, upper-case numbers', () => {
    const parsed = feedPolicySchema.parse(record());
    expect(parsed).toMatchObject({
      policyNumber: 'P100000001',
      effectiveDate: '2024-03-01',
      modalPremium: 12550,
      sumAssured: 5_000_000,
      deliveryStatus: 'pending',
      beneficiaries: [],
      values: [],
      claims: [],
      pending: [],
      coverages: [{ faceAmount: 5_000_000, premium: 12550 }],
      payments: [{ amount: 514550, currency: '96', bankCode: null }],
    });
    expect(parsed.clients[0]).toMatchObject({ phone: '+85512345678', firstNameKh: 'សុខា', idType: null, email: null });
  });

  it('reports each broken rule as a form error key on its field', () => {
    expect(
      issues(feedPolicySchema.safeParse(record({ policyNumber: 'P 1', status: 'Open', modalPremium: 12.5, currency: '840' }))),
    ).toEqual([
      ['policyNumber', 'pattern'],
      ['status', 'invalid'],
      ['modalPremium', 'invalid'],
      ['currency', 'invalid'],
    ]);
    expect(
      issues(
        feedPolicySchema.safeParse(
          record({
            clients: [{ linkType: 'O', firstName: 'S0kha', lastName: '', gender: 'X', dateOfBirth: '31/02/1990', phone: 'call me' }],
          }),
        ),
      ),
    ).toEqual([
      ['clients.0.firstName', 'pattern'],
      ['clients.0.lastName', 'required'],
      ['clients.0.gender', 'invalid'],
      ['clients.0.dateOfBirth', 'invalid'],
      ['clients.0.phone', 'pattern'],
    ]);
    // Cross-field rules run once the record is otherwise well formed.
    expect(
      issues(feedPolicySchema.safeParse(record({ clients: [record().clients[0]], status: 'Grace', modalPremium: '1.5', currency: '96' }))),
    ).toEqual([
      ['clients.I', 'required'],
      ['graceEndDate', 'required'],
      ['modalPremium', 'pattern'],
      ['coverages.0.premium', 'pattern'],
    ]);
    expect(
      issues(
        feedPolicySchema.safeParse(
          record({
            payments: [
              { paymentDate: '2026-11-01', amount: '10', paymentType: 'CHQ' },
              { paymentDate: '2026-11-01', amount: '10', paymentType: 'CS', bankCode: '005' },
              { paymentDate: '2026-11-01', amount: '10', paymentType: 'PTPP' },
            ],
          }),
        ),
      ),
    ).toEqual([
      ['payments.0.bankCode', 'required'],
      ['payments.1.bankCode', 'invalid'],
      ['payments.2.sourcePolicyNumber', 'required'],
    ]);
    for (const [, key] of issues(feedPolicySchema.safeParse({}))) expect(FORM_ERROR_KEYS).toContain(key);
  });

  it('a feed header names the format and version', () => {
    expect(feedHeaderSchema.safeParse({ format: 'portal-policy-feed', version: 1, asOf: '2026-11-21' }).success).toBe(true);
    expect(feedHeaderSchema.safeParse({ format: 'portal-policy-feed', version: 2 }).success).toBe(false);
  });
});

describe('policy route contracts', () => {
  it('search: 3 characters at least, an optional status, the summary view', () => {
    expect(searchCustomersQuerySchema.parse({ q: '  សុខ ', status: '' })).toMatchObject({
      q: 'សុខ',
      status: undefined,
      size: 20,
      view: 'list',
    });
    expect(searchCustomersQuerySchema.parse({ view: 'summary' }).view).toBe('summary');
    expect(issues(searchCustomersQuerySchema.safeParse({ q: 'ab', size: '101', status: 'Open' }))).toEqual([
      ['q', 'minlength'],
      ['status', 'invalid'],
      ['size', 'max'],
    ]);
  });

  it('payments need a policy number; milestones a window of at most 366 days', () => {
    expect(issues(clientPaymentsQuerySchema.safeParse({}))).toEqual([['policyNumber', 'required']]);
    expect(clientMilestonesQuerySchema.parse({ from: '01/12/2026', to: '2026-12-31' })).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(issues(clientMilestonesQuerySchema.safeParse({ from: '2026-12-31', to: '2026-12-01' }))).toEqual([['to', 'invalid']]);
    expect(issues(clientMilestonesQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-03' }))).toEqual([['to', 'invalid']]);
  });

  it('the letter: en or km; a safe file name', () => {
    expect(clientPendingQuerySchema.parse({}).lang).toBe('en');
    expect(clientPendingQuerySchema.parse({ lang: 'km' }).lang).toBe('km');
    expect(clientPendingQuerySchema.safeParse({ lang: 'fr' }).success).toBe(false);
    expect(clientPendingFileName('P100000001', '2026-11-21')).toBe('client-pending-P100000001-20261121.pdf');
    expect(clientPendingFileName('P1"/../X', '2026-11-21')).toBe('client-pending-P1X-20261121.pdf');
  });

  it('delivery status and the pending code field', () => {
    expect(updateDeliveryStatusRequestSchema.parse({ policyNumber: 'p1000', deliveryStatus: 'delivered', version: 3 })).toEqual({
      policyNumber: 'P1000',
      deliveryStatus: 'delivered',
      version: 3,
    });
    expect(issues(updateDeliveryStatusRequestSchema.safeParse({ policyNumber: 'P1000', deliveryStatus: 'lost' }))).toEqual([
      ['deliveryStatus', 'invalid'],
      ['version', 'required'],
    ]);
    expect(pendingCodeFieldSchema.parse(' med01 ')).toBe('MED01');
    expect(pendingCodeFieldSchema.safeParse('../x').success).toBe(false);
  });
});
