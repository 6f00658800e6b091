import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { applicationFormHtml } from '../../src/modules/applications/application-form';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  callerFor,
  createApplication,
  pdfBytes,
  pdfText,
  saveStep,
  snapshot,
  upload,
  uploadParts,
  validSteps,
  type PolicyCallerClient,
} from './application-test-kit';

let t: TestApp;
let aap: PolicyCallerClient;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  aap = await callerFor(t, 'demo.aap');
}, 60_000);
afterAll(() => t.close());

/** Steps 0-4 with a separate policy owner (the mother, 51), two beneficiaries (51 and an unnamed code 03) and a bank referral. */
function stepsWithCodes() {
  const steps = validSteps();
  steps.personalInfo = {
    ...steps.personalInfo,
    ownerIsInsured: false,
    relationshipCode: '51',
    policyOwner: {
      firstName: 'Srey',
      lastName: 'Chan',
      gender: 'F',
      dateOfBirth: '01/01/1960',
      idType: '2',
      idNumber: 'N12345678',
      idExpiryDate: '31/12/2030',
      phone: '012-345-679',
    },
    beneficiaries: [
      {
        firstName: 'Dara',
        lastName: 'Chan',
        gender: 'F',
        dateOfBirth: '01/01/2010',
        relationshipCode: '51',
        priority: 'p',
        shareBenifit: '60',
      },
      {
        firstName: 'Vanna',
        lastName: 'Chan',
        gender: 'M',
        dateOfBirth: '01/01/2012',
        relationshipCode: '03',
        priority: 's',
        shareBenifit: '100',
      },
    ],
  };
  steps.productInfo = { paymentType: 'CHQ', premiumBankCode: '005', confirmed: true };
  steps.advisorStatement = {
    referrerCode: '09',
    isBankReferal: true,
    bank: 'BAMAY',
    department: '002',
    referrer: 'Mony',
    isSupervisor: false,
    supervisor: 'Dara',
    referralDate: '01/11/2026',
    employeeId: 'E1',
    employeeIdConfirmed: 'E1',
    statementAgreed: true,
  };
  return steps;
}

describe('the application form PDF', () => {
  it('gives every table a header row with text in every header cell', () => {
    const steps = stepsWithCodes();
    const page = applicationFormHtml({
      lang: 'en',
      applicationNumber: 'AP00000001',
      status: 'P',
      submittedAt: null,
      advisorName: 'Sokha Chan',
      steps,
      product: snapshot().product,
      documents: [{ documentCategoryCode: 'insured-id', documentCode: 'NATIONAL_ID_FRONT', fileName: 'id.pdf' }],
    });
    const tables = [...page.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((m) => m[1] ?? '');
    expect(tables.length).toBe(3); // beneficiaries, health, documents
    for (const table of tables) {
      const head = /<thead><tr>([\s\S]*?)<\/tr><\/thead>/.exec(table)?.[1] ?? '';
      const headers = [...head.matchAll(/<th>([\s\S]*?)<\/th>/g)].map((m) => (m[1] ?? '').trim());
      const firstRow = /<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? '';
      expect(headers.length).toBeGreaterThan(0);
      expect(
        headers.every((h) => h.length > 0),
        headers.join('|'),
      ).toBe(true);
      expect(headers.length).toBe([...firstRow.matchAll(/<td>/g)].length);
    }
  });

  it('prints codes as their labels, in English and in Khmer', async () => {
    let app: ApplicationResponse = await createApplication(t, aap);
    const steps = stepsWithCodes();
    for (const name of ['personalInfo', 'productInfo', 'healthInfo', 'advisorStatement'] as const) {
      const res = await saveStep(aap, app, name, steps[name], false);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      app = res.json() as ApplicationResponse;
    }
    const doc = await upload(
      aap,
      uploadParts(
        app.id,
        'insured-id',
        'NATIONAL_ID_FRONT',
        { name: 'id.pdf', data: pdfBytes() },
        { idNumber: '123456789', expiredDate: '31/12/2030' },
      ),
    );
    expect(doc.statusCode, doc.body).toBe(201);

    const en = await aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=en`);
    expect(en.statusCode).toBe(200);
    const text = pdfText(en.rawPayload).replace(/\s+/g, ' ');
    for (const label of [
      'Male',
      'Female', // genders
      'National ID: 123456789',
      'Passport: N12345678', // ID types
      'Mother',
      'Relationship code 03',
      'Primary',
      'Secondary', // relationships, priorities
      'Family Protector',
      'Annual', // product (catalogue name), premium mode
      'Cheque',
      "The insurer's premium bank", // payment type, premium bank
      'Maybank (partner bank)',
      'Sihanoukville', // referrer, branch
      "Life insured's ID",
      'National ID (front)', // document group and type
      'In the last 5 years, have you been treated in hospital', // health question
    ])
      expect(text, label).toContain(label);
    for (const raw of [
      '(1) 123456789',
      '(002)',
      '09 –',
      '005 –',
      'NATIONAL_ID_FRONT',
      'insured-id',
      ' annual ',
      ' CHQ ',
      'BAMAY',
      '(TERM)',
    ])
      expect(text, raw).not.toContain(raw);

    const km = await aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=km`);
    expect(km.statusCode).toBe(200);
    // pdftotext may put a space inside a Khmer cluster run; the words are there in logical order.
    const kmText = pdfText(km.rawPayload).replace(/\s/g, '');
    for (const label of [
      'ប្រុស',
      'ស្រី',
      'ម្តាយ',
      'លិខិតឆ្លងដែន',
      'ការពារគ្រួសារ',
      'ប្រចាំឆ្នាំ',
      'មូលប្បទានប័ត្រ',
      'ក្រុងព្រះសីហនុ',
      'អត្តសញ្ញាណរបស់អ្នកត្រូវបានធានារ៉ាប់រង',
    ])
      expect(kmText, label).toContain(label);
    expect(kmText).not.toContain('NATIONAL_ID_FRONT');
  }, 90_000);
});
