import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, canTransitionApplication, isApplicationEditable } from '@portal/domain/codes/application-status';
import {
  BENEFICIARY_PRIORITY_CODES,
  CLIENT_LINK_TYPE_CODES,
  CONTACT_TYPES,
  GENDERS,
  KNOWN_RELATIONSHIPS,
} from '@portal/domain/codes/client';
import { CURRENCIES, CURRENCY_CODES } from '@portal/domain/codes/currencies';
import { DOCUMENT_TYPE_CODES, documentIdType, documentNeedsExpiry } from '@portal/domain/codes/document-types';
import { IDENTIFICATION_TYPES } from '@portal/domain/codes/identification-types';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage } from '@portal/domain/codes/languages';
import { OTP_PURPOSES } from '@portal/domain/codes/otp-purposes';
import { PAYMENT_TYPE_CODES, PREMIUM_BANK_CODE } from '@portal/domain/codes/payment-types';
import {
  BASE_PLAN_KEYS,
  EDUCATION_PROTECTION_KEYS,
  FAMILY_ASSISTANCE_KEYS,
  isPlanKey,
  parsePlanKey,
  planVariantOf,
} from '@portal/domain/codes/plan-keys';
import { COVERAGE_TYPE_CODES, POLICY_STATUSES } from '@portal/domain/codes/policy-codes';
import { PAYMENTS_PER_YEAR, PREMIUM_MODES } from '@portal/domain/codes/premium-modes';
import { PACKAGE_TYPES, PAYOUT_TYPES, PRODUCT_CODES, PRODUCTS } from '@portal/domain/codes/products';
import { RECRUITMENT_DOCUMENT_TYPE_CODES } from '@portal/domain/codes/recruitment-documents';
import { RECRUITMENT_MODES } from '@portal/domain/codes/recruitment-modes';
import { BANK_CODES, bankCodeForReferrer, isBankReferrer, REFERRER_CODES, referrerClassification } from '@portal/domain/codes/referrers';
import { RIDER_CODES, RIDER_FACE_AMOUNT_TYPES } from '@portal/domain/codes/riders';
import { canSignIn, ROLES } from '@portal/domain/codes/roles';
import { SUPPORTING_DOCUMENT_GROUPS, SUPPORTING_DOCUMENT_IDS } from '@portal/domain/codes/supporting-documents';
import { emptyWizardCompletion, firstIncompleteStep, isReadyToSubmit, WIZARD_STEPS } from '@portal/domain/codes/wizard-steps';

describe('code lists of spec §3', () => {
  it.each([
    ['application statuses', APPLICATION_STATUSES, ['P', 'S']],
    ['contact types', CONTACT_TYPES, ['lifeInsured', 'policyOwner']],
    ['client link types', CLIENT_LINK_TYPE_CODES, ['I', 'O', 'P']],
    ['coverage types', COVERAGE_TYPE_CODES, ['B', 'R', 'W']],
    ['policy statuses', POLICY_STATUSES, ['Lapsed', 'Active', 'Grace']],
    ['identification types', IDENTIFICATION_TYPES, ['1', '2', '4', '6']],
    ['genders', GENDERS, ['M', 'F']],
    ['currencies', CURRENCY_CODES, ['02', '96']],
    ['beneficiary priorities', BENEFICIARY_PRIORITY_CODES, ['p', 's']],
    ['payment types', PAYMENT_TYPE_CODES, ['CDB', 'CHQ', 'CS', 'WING', 'PTPP']],
    ['package types', PACKAGE_TYPES, ['health', 'life', 'save']],
    ['payout types', PAYOUT_TYPES, ['cash', 'lumpsum']],
    ['premium modes', PREMIUM_MODES, ['annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly']],
    [
      'product codes',
      PRODUCT_CODES,
      ['LPTL', 'MLPX', 'EDU', 'ENDW', 'TRRP', 'MRTA', 'KRUR', 'TERM', 'THCR', 'TMCR', 'WPDL', 'WPCL', 'WPDH', 'WPCH'],
    ],
    [
      'rider codes',
      RIDER_CODES,
      [
        'PBE',
        'PBTR',
        'CBTR',
        'TCCIR',
        'TBUR',
        'TCIR',
        'CIWOP',
        'WLCH',
        'WLCL',
        'WLCR',
        'WPDL',
        'WPDH',
        'WPCH',
        'WPCL',
        'WPDR',
        'WPCR',
        'CXUR',
        'PLUR',
        'FAUR',
      ],
    ],
    [
      'rider face amount types',
      RIDER_FACE_AMOUNT_TYPES,
      ['BASE_PLAN_VALUE', 'CALCULATION', 'BASE_PLAN_INPUT', 'USER_INPUT', 'LIST_OF_VALUES', 'SYSTEM_VALUE'],
    ],
    ['referrer codes', REFERRER_CODES, ['95', '14', '09', '10', '11', '12', '13', '02', '19', '05']],
    ['bank codes', BANK_CODES, ['BAANZ', 'BAMAY', 'BAABA', 'BAFTB', 'BACIM', 'BASPN']],
    [
      'supporting document ids',
      SUPPORTING_DOCUMENT_IDS,
      [
        'insured-id',
        'owner-id',
        'consent-form',
        'medical-doc',
        'medical-doc-owner',
        'k-y-c-proof',
        'receipt-form',
        'bank-staff-case',
        'insurance-advisor-statement',
        'finance-proof',
        'application-form',
        'is-report',
        'proposal-form',
      ],
    ],
    ['roles', ROLES, ['ROLE_AAP', 'ROLE_BK', 'ROLE_AS', 'ROLE_AA', 'ROLE_TRAINEE', 'ROLE_CAN', 'ROLE_CNL']],
    ['OTP purposes', OTP_PURPOSES, ['login', 'reset', 'profile']],
    ['languages', LANGUAGES, ['en', 'km']],
    [
      'recruitment modes (spec §2)',
      RECRUITMENT_MODES,
      ['createRecruitmentApp', 'updateRecruitmentApp', 'recruitmentAppList', 'requestTokenLink', 'verifyTokenLink'],
    ],
  ] as const)('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual([...expected]);
  });

  it('has the named single codes', () => {
    expect(KNOWN_RELATIONSHIPS).toEqual({ father: '08', mother: '51' });
    expect(PREMIUM_BANK_CODE).toBe('005');
    expect(CURRENCIES['02'].iso).toBe('USD');
    expect(CURRENCIES['96'].iso).toBe('KHR');
    expect(PRODUCTS.KRUR.name).toBe('Pak Rinha');
    expect(PRODUCTS.LPTL.name).toBe('First Plan');
    expect(PAYMENTS_PER_YEAR.monthly).toBe(12);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(toLanguage('fr')).toBe('en');
    expect(toLanguage('km')).toBe('km');
    expect(canSignIn('ROLE_CNL')).toBe(false);
    expect(canSignIn('ROLE_CAN')).toBe(true);
  });
});

describe('referrers', () => {
  it.each([
    ['95', 2, 'BAANZ'],
    ['14', 1, 'BAANZ'],
    ['09', 2, 'BAMAY'],
    ['10', 2, 'BAABA'],
    ['11', 2, 'BAFTB'],
    ['12', 2, 'BACIM'],
    ['13', 2, 'BASPN'],
    ['02', 0, null],
    ['19', 0, null],
    ['05', 0, null],
  ] as const)('%s: classification %d, bank %s', (code, classification, bank) => {
    expect(referrerClassification(code)).toBe(classification);
    expect(bankCodeForReferrer(code)).toBe(bank);
    expect(isBankReferrer(code)).toBe(classification !== 0);
  });

  it('every bank has a referrer code', () => {
    const banks = new Set(REFERRER_CODES.map(bankCodeForReferrer).filter((bank) => bank !== null));
    expect([...banks].sort()).toEqual([...BANK_CODES].sort());
  });
});

describe('plan keys', () => {
  it.each([
    ['KRU01-01-02', true, 'full'],
    ['ATU01-01-02', true, 'activation'],
    ['EPU01-10-10', true, 'activation'],
    ['PLU01-10-10', true, 'full'],
    ['ABU01-01-01', true, 'activation'],
    ['FAU01-01-01', true, 'full'],
    ['KRU01', false, 'full'],
    ['LTU05-01-02', true, null],
    ['KRU01-1-02', false, null],
    ['kru01-01-02', false, null],
  ] as const)('%s: key %s, variant %s', (key, valid, variant) => {
    expect(isPlanKey(key)).toBe(valid);
    expect(planVariantOf(key)).toBe(variant);
  });

  it('parses a plan key', () => {
    expect(parsePlanKey('ATU01-01-02')).toEqual({ planCode: 'ATU01', parts: ['01', '02'] });
    expect(BASE_PLAN_KEYS).toEqual({ full: 'KRU01', activation: 'ATU01' });
    expect(EDUCATION_PROTECTION_KEYS).toEqual({ activation: 'EPU01', full: 'PLU01' });
    expect(FAMILY_ASSISTANCE_KEYS).toEqual({ activation: 'ABU01', full: 'FAU01' });
  });
});

describe('application status and wizard', () => {
  it('P moves to S and never back', () => {
    expect(canTransitionApplication('P', 'S')).toBe(true);
    expect(canTransitionApplication('S', 'P')).toBe(false);
    expect(canTransitionApplication('S', 'S')).toBe(false);
    expect(isApplicationEditable('P')).toBe(true);
    expect(isApplicationEditable('S')).toBe(false);
  });

  it('has seven steps, 0 to 6, in the spec order', () => {
    expect(WIZARD_STEPS.map((step) => step.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(WIZARD_STEPS.map((step) => step.name)).toEqual([
      'personalInfo',
      'productInfo',
      'healthInfo',
      'declarationAuthorization',
      'advisorStatement',
      'supportingDocuments',
      'submission',
    ]);
  });

  it('starts at step 0 and tracks completion', () => {
    const completion = emptyWizardCompletion();
    expect(firstIncompleteStep(completion)).toBe(0);
    expect(isReadyToSubmit(completion)).toBe(false);
    const done = { ...completion, personalInfoCompleted: true, productInfoCompleted: true };
    expect(firstIncompleteStep(done)).toBe(2);
    const allButSubmission = Object.fromEntries(WIZARD_STEPS.filter((step) => step.index < 6).map((step) => [step.completionFlag, true]));
    expect(isReadyToSubmit(allButSubmission)).toBe(true);
  });
});

describe('documents', () => {
  it('every group lists known document codes', () => {
    for (const codes of Object.values(SUPPORTING_DOCUMENT_GROUPS)) {
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(DOCUMENT_TYPE_CODES).toContain(code);
    }
  });

  it('knows which documents carry a number and an expiry', () => {
    expect(documentIdType('NATIONAL_ID_FRONT')).toBe('1');
    expect(documentIdType('PASSPORT')).toBe('2');
    expect(documentIdType('BIRTH_CERTIFICATE')).toBe('6');
    expect(documentIdType('MONK_ID')).toBe('4');
    expect(documentIdType('FAMILY_BOOK')).toBeUndefined();
    expect(documentNeedsExpiry('PASSPORT')).toBe(true);
    expect(documentNeedsExpiry('BIRTH_CERTIFICATE')).toBe(false);
  });

  it('has the six recruitment document types', () => {
    expect(RECRUITMENT_DOCUMENT_TYPE_CODES).toHaveLength(6);
  });
});
