import { describe, expect, it } from 'vitest';
import type { ApplicationStepData } from '../../src/contracts/applications/application-steps';
import type { ApplicationFacts } from '../../src/rules/application-facts';
import { reviewApplication } from '../../src/rules/application-review';
import { requiredDocumentGroups } from '../../src/rules/required-documents';

const NOW = new Date('2026-11-21T03:00:00Z');

function steps(): ApplicationStepData {
  const drawn = { method: 'drawn' as const, image: 'data:image/png;base64,iVBORw0KGgo=' };
  return {
    personalInfo: {
      ownerIsInsured: true,
      payorIsOwner: true,
      lifeInsured: {
        firstName: 'Sokha',
        lastName: 'Chan',
        gender: 'M',
        dateOfBirth: '15/03/1988',
        idType: '1',
        idNumber: '123456789',
        idExpiryDate: '31/12/2030',
        phone: '012-345-678',
      },
      beneficiaries: [
        {
          firstName: 'Dara',
          lastName: 'Chan',
          gender: 'F',
          dateOfBirth: '01/01/2010',
          relationshipCode: '03',
          priority: 'p',
          shareBenifit: '100',
        },
      ],
    },
    productInfo: { paymentType: 'CS', confirmed: true },
    healthInfo: { answers: [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, answerSequenceNo: 1, answerValue: 'N' })) },
    declarationAuthorization: { agreed: true, signatures: { policyOwner: drawn, advisor: { method: 'typed', typedName: 'Sokha Chan' } } },
    advisorStatement: { referrerCode: '05', isBankReferal: false, statementAgreed: true },
  };
}

const idDoc = { groupId: 'insured-id', documentCode: 'NATIONAL_ID_FRONT', idNumber: '123456789', expiredDate: '2030-12-31', hasFile: true };

function facts(overrides: Partial<ApplicationFacts> = {}): ApplicationFacts {
  return { steps: steps(), product: { productCode: 'TERM', faceAmount: '15000.00' }, documents: [idDoc], ...overrides };
}

describe('the in-good-order review', () => {
  it('is empty for a complete application', () => {
    expect(reviewApplication(facts(), { now: NOW })).toEqual([]);
  });

  it('lists expired IDs, beneficiary shares, unsigned declarations and missing documents, each with its step and field', () => {
    const s = steps();
    s.personalInfo.lifeInsured = { ...s.personalInfo.lifeInsured, idExpiryDate: '01/11/2026' };
    s.personalInfo.beneficiaries = [{ ...s.personalInfo.beneficiaries?.[0], shareBenifit: '70' }];
    s.declarationAuthorization = { agreed: true, signatures: { policyOwner: null, advisor: { method: 'typed', typedName: 'Sokha Chan' } } };
    const items = reviewApplication(facts({ steps: s, documents: [{ ...idDoc, expiredDate: '2026-01-01' }] }), { now: NOW });
    expect(items.map((i) => [i.step, i.field, i.key, i.category])).toEqual([
      [0, 'lifeInsured.idExpiryDate', 'min', 'expiredId'],
      [0, 'beneficiaryShares.p', 'invalid', 'beneficiaryShares'],
      [3, 'signatures.policyOwner', 'required', 'signature'],
      [5, 'documents.insured-id.0.expiredDate', 'min', 'expiredId'],
    ]);
  });
});

describe('required supporting documents', () => {
  it('follow the owner, the answers, the referral, the payment and the amount', () => {
    expect(requiredDocumentGroups(facts(), { now: NOW })).toEqual(['insured-id']);
    const s = steps();
    s.personalInfo.ownerIsInsured = false;
    s.personalInfo.lifeInsured = { ...s.personalInfo.lifeInsured, dateOfBirth: '01/01/2015' };
    s.healthInfo.answers = [
      { questionNumber: 2, answerSequenceNo: 1, answerValue: 'Y' },
      { questionNumber: 1, answerSequenceNo: 2, answerValue: 'Y' },
      { questionNumber: 4, answerSequenceNo: 1, answerValue: 'Y' },
    ];
    s.advisorStatement.referrerCode = '14';
    s.productInfo.paymentType = 'CHQ';
    expect(requiredDocumentGroups(facts({ steps: s, product: { productCode: 'TERM', faceAmount: '20001.00' } }), { now: NOW })).toEqual([
      'insured-id',
      'owner-id',
      'consent-form',
      'medical-doc',
      'medical-doc-owner',
      'bank-staff-case',
      'receipt-form',
      'finance-proof',
    ]);
    // A Y to a question that asks for no medical documents (smoking) adds none; 20,000 is not a larger amount.
    const smoker = steps();
    smoker.healthInfo.answers = [{ questionNumber: 4, answerSequenceNo: 1, answerValue: 'Y', answerDescription: '5 a day' }];
    expect(
      requiredDocumentGroups(facts({ steps: smoker, product: { productCode: 'TERM', faceAmount: '20000.00' } }), { now: NOW }),
    ).toEqual(['insured-id']);
  });
});
