import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { application } from '../../src/db/schema/application.table';
import { blob } from '../../src/db/schema/blob.table';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  callerFor,
  createApplication,
  pdfBytes,
  pdfText,
  saveStep,
  STEP_NAMES,
  upload,
  uploadParts,
  validSteps,
  type PolicyCallerClient,
} from './application-test-kit';

let t: TestApp;
let aap: PolicyCallerClient;
let aap2: PolicyCallerClient;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  aap = await callerFor(t, 'demo.aap');
  aap2 = await callerFor(t, 'demo.aap2');
}, 60_000);
afterAll(() => t.close());

const errorsOf = (body: string) => (JSON.parse(body) as { errors?: { field: string; key: string }[] }).errors ?? [];

/** An application with steps 0-5 complete. */
async function readyApplication(): Promise<ApplicationResponse> {
  let app = await createApplication(t, aap);
  const steps = validSteps();
  for (const name of STEP_NAMES) {
    const res = await saveStep(aap, app, name, steps[name], true);
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
  app = (await aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse;
  const res = await saveStep(aap, app, 'supportingDocuments', {}, true, 6);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ApplicationResponse;
}

describe('submission', () => {
  it('refuses while steps are incomplete or the review has items, listing them', async () => {
    const app = await createApplication(t, aap);
    const res = await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en' });
    expect(res.statusCode).toBe(422);
    const errors = errorsOf(res.body);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'personalInfo', key: 'required' },
        { field: 'supportingDocuments', key: 'required' },
        { field: 'supportingDocuments.documents.insured-id', key: 'document_file_required' },
        { field: 'declarationAuthorization.signatures.policyOwner', key: 'required' },
      ]),
    );
  });

  it('supporting documents cannot be completed without the required groups (bank-referred: bank-staff-case)', async () => {
    let app = await createApplication(t, aap);
    const res0 = await saveStep(
      aap,
      app,
      'advisorStatement',
      {
        referrerCode: '09',
        isBankReferal: true,
        bank: 'BAMAY',
        department: '001',
        referrer: 'Mony',
        isSupervisor: true,
        supervisor: 'Dara',
        referralDate: '01/11/2026',
        employeeId: 'E1',
        employeeIdConfirmed: 'E1',
        statementAgreed: true,
      },
      true,
    );
    app = res0.json() as ApplicationResponse;
    const res = await saveStep(aap, app, 'supportingDocuments', {}, true);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res.body)).toEqual([
      { field: 'supportingDocuments.documents.insured-id', key: 'document_file_required' },
      { field: 'supportingDocuments.documents.bank-staff-case', key: 'document_file_required' },
    ]);
  });

  it('submits only the version the caller saw saved: a save it never had acknowledged makes its submit 409, nothing submitted', async () => {
    const app = await readyApplication();
    // The wizard's last acknowledged save answered app.version; a later save reached the server but its answer was lost.
    const lost = await saveStep(aap, app, 'productInfo', { ...validSteps().productInfo, paymentType: 'WING' }, true);
    expect(lost.statusCode, lost.body).toBe(200);
    const stale = await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en', version: app.version });
    expect(stale.statusCode, stale.body).toBe(409);
    const [row] = await t.db.select().from(application).where(eq(application.id, app.id));
    expect(row?.status).toBe('P');
    expect(row?.submissionBlobId).toBeNull();
    // With the version it now holds (after reloading), the same submit goes through; a retry with it answers the one submission.
    const current = (lost.json() as ApplicationResponse).version;
    const ok = await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en', version: current });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ApplicationResponse).steps.productInfo.paymentType).toBe('WING');
    const retried = await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en', version: current });
    expect(retried.statusCode).toBe(200);
    expect((retried.json() as ApplicationResponse).submission).toEqual((ok.json() as ApplicationResponse).submission);
  }, 90_000);

  it('a double submit makes one submission; the application is then read-only (409) and its PDF opens', async () => {
    const app = await readyApplication();
    const blobsBefore = (await t.db.select({ id: blob.id }).from(blob)).length;
    const [first, second] = await Promise.all([
      aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en' }),
      aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en' }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const a = first.json() as ApplicationResponse;
    const b = second.json() as ApplicationResponse;
    expect(a.status).toBe('S');
    expect(a.submission).toEqual(b.submission);
    expect(a.submission?.submittedByName).toBe('Sokha Chan');
    const retried = (await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'km' })).json() as ApplicationResponse;
    expect(retried.submission).toEqual(a.submission);
    expect((await t.db.select({ id: blob.id }).from(blob)).length).toBe(blobsBefore + 1);
    const submits = (await t.app.audit.history('application', app.id)).filter((h) => h.action === 'submit');
    expect(submits).toHaveLength(1);
    const [row] = await t.db.select().from(application).where(eq(application.id, app.id));
    expect(row?.submittedBy).toBe(aap.userId);

    // Read-only now.
    expect((await saveStep(aap, a, 'productInfo', { paymentType: 'CS', confirmed: true }, true)).statusCode).toBe(409);
    expect((await aap.post(`/api/appform/v1/update/${app.id}`, { version: a.version, activeStep: 2 })).statusCode).toBe(409);
    expect((await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'late.pdf', data: pdfBytes() }))).statusCode).toBe(
      409,
    );
    const docs = (await aap.get(`/api/document/v1/find/appform/${app.id}`)).json() as { items: ApplicationDocument[] };
    expect((await aap.post(`/api/document/v1/delete/${docs.items[0]?.applicationDocumentUploadId}`, {})).statusCode).toBe(409);

    // The application form, as stored at submission, with the signatures' section; and in Khmer on demand.
    const pdf = await aap.get(`/api/report/v1/generate/application-form/${app.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(app.applicationNumber);
    expect(text).toContain('Insurance application form');
    expect(text).toContain('Signatures');
    expect(text).toContain('Sokha Chan');
    const km = await aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=km`);
    // pdftotext may put a space inside a Khmer cluster run; the words are there in logical order.
    expect(pdfText(km.rawPayload).replace(/\s/g, '')).toContain('ពាក្យស្នើសុំធានារ៉ាប់រង');
    expect((await aap2.get(`/api/report/v1/generate/application-form/${app.id}`)).statusCode).toBe(404);
    expect((await aap.get(`/api/report/v1/generate/no-such-report/${app.id}`)).statusCode).toBe(404);
  }, 90_000);
});
