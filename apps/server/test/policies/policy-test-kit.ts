import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@portal/domain/codes/roles';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { parsePolicyFeedText } from '../../src/importers/policy-feed-reader';
import { importPolicyFeed, type ImportOptions } from '../../src/importers/policy-importer';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from '../helpers/test-app';

/** A signed-in caller: GETs and JSON POSTs with a real access token for a seeded user. */
export interface PolicyCallerClient {
  userId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown): Promise<LightMyRequestResponse>;
  upload(url: string, payload: Buffer, contentType: string): Promise<LightMyRequestResponse>;
}

async function userRow(t: TestApp, username: string) {
  const [row] = await t.db
    .select({ id: appUser.id, agencyId: appUser.agencyId, roles: appUser.roles })
    .from(appUser)
    .where(eq(appUser.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

export async function callerFor(
  t: TestApp,
  username: string,
  override: { roles?: Role[]; agencyId?: string | null } = {},
): Promise<PolicyCallerClient> {
  const row = await userRow(t, username);
  const auth = await bearerFor(t, {
    sub: row.id,
    roles: override.roles ?? row.roles,
    agencyId: override.agencyId === undefined ? row.agencyId : override.agencyId,
  });
  return {
    userId: row.id,
    get: (url) => t.app.inject({ method: 'GET', url, headers: auth }),
    post: (url, body) => t.app.inject({ method: 'POST', url, headers: { ...auth, ...xsrfHeaders() }, payload: body as object }),
    upload: (url, payload, contentType) =>
      t.app.inject({ method: 'POST', url, headers: { ...auth, ...xsrfHeaders(), 'content-type': contentType }, payload }),
  };
}

/** A second agency with its own admin, for cross-agency scoping. */
export async function otherAgencyAdmin(t: TestApp): Promise<PolicyCallerClient> {
  const [other] = await t.db.insert(agency).values({ code: 'AG-TEST-99', name: 'Other Agency' }).returning({ id: agency.id });
  await t.db.insert(appUser).values({ username: 'other.aa', displayName: 'Other Admin', roles: ['ROLE_AA'], agencyId: other?.id ?? null });
  return callerFor(t, 'other.aa');
}

export interface PolicyTestContext {
  t: TestApp;
  aap: PolicyCallerClient;
  aap2: PolicyCallerClient;
  bk: PolicyCallerClient;
  as: PolicyCallerClient;
  aa: PolicyCallerClient;
}

/** The app with the demo users and a caller for each demo role; `now` pins the app's clock. */
export async function policyTestApp(now?: Date): Promise<PolicyTestContext> {
  const t = await createTestApp({ seedDemo: true, ...(now ? { now } : {}) });
  return {
    t,
    aap: await callerFor(t, 'demo.aap'),
    aap2: await callerFor(t, 'demo.aap2'),
    bk: await callerFor(t, 'demo.bk'),
    as: await callerFor(t, 'demo.as'),
    aa: await callerFor(t, 'demo.aa'),
  };
}

/** A valid raw feed record; override any top-level field. */
export function feedRecord(policyNumber: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    policyNumber,
    productCode: 'LPTL',
    planKey: 'KRU01-01-02',
    status: 'Active',
    statusDate: '2024-03-01',
    issueDate: '2024-03-01',
    effectiveDate: '2024-03-01',
    paidToDate: '2026-12-01',
    maturityDate: '2034-03-01',
    premiumMode: 'monthly',
    modalPremium: '125.50',
    currency: '02',
    sumAssured: '50000.00',
    policyTerm: 10,
    premiumTerm: 10,
    agent: { username: 'demo.aap' },
    deliveryStatus: 'delivered',
    deliveryStatusDate: '2024-03-20',
    issuance: {
      applicationNumber: 'APP1',
      proposalNumber: 'PRO1',
      submissionDate: '2024-02-10',
      approvalDate: '2024-02-28',
      issuingOffice: 'Phnom Penh Head Office',
      underwritingDecision: 'standard',
    },
    clients: [
      {
        linkType: 'O',
        firstName: 'Sokha',
        lastName: 'Chan',
        firstNameKh: 'សុខា',
        lastNameKh: 'ចាន់',
        gender: 'M',
        dateOfBirth: '1985-12-05',
        idType: '1',
        idNumber: '123456789',
        phone: '012 345 678',
        email: 'sokha@example.com',
        occupation: 'Teacher',
        address: 'Street 271, Phnom Penh',
      },
      {
        linkType: 'I',
        firstName: 'Bopha',
        lastName: 'Chan',
        firstNameKh: 'បុប្ផា',
        lastNameKh: 'ចាន់',
        gender: 'F',
        dateOfBirth: '1988-06-30',
        idType: '1',
        idNumber: '987654321',
        phone: '+855 97 123 4567',
        address: 'Street 271, Phnom Penh',
      },
    ],
    beneficiaries: [
      { priority: 'p', firstName: 'Dara', lastName: 'Chan', firstNameKh: 'ដារា', lastNameKh: 'ចាន់', relationship: '08', shareBenifit: 60 },
      { priority: 'p', firstName: 'Thida', lastName: 'Chan', relationship: '51', shareBenifit: 40 },
      { priority: 's', firstName: 'Rithy', lastName: 'Keo', relationship: '08', shareBenifit: 100 },
    ],
    coverages: [
      {
        coverageType: 'B',
        productCode: 'LPTL',
        planKey: 'KRU01-01-02',
        faceAmount: '50000.00',
        premium: '110.00',
        term: 10,
        premiumTerm: 10,
      },
      { coverageType: 'R', productCode: 'TCIR', faceAmount: '10000.00', premium: '10.50', term: 10 },
      { coverageType: 'W', productCode: 'CIWOP', faceAmount: '50000.00', premium: '5.00', term: 10 },
    ],
    values: [
      { policyYear: 1, cashValue: '0.00', surrenderValue: '0.00', paidUpValue: '1000.00' },
      { policyYear: 2, cashValue: '900.00', surrenderValue: '720.00', paidUpValue: '2500.00' },
      { policyYear: 3, cashValue: '1900.00', surrenderValue: '1800.00', paidUpValue: '4000.00' },
    ],
    payments: [
      {
        paymentDate: '2026-10-01',
        amount: '125.50',
        paymentType: 'CDB',
        bankCode: '005',
        reference: 'CDB-1',
        periodFrom: '2026-10-01',
        periodTo: '2026-10-31',
      },
      {
        paymentDate: '2026-11-01',
        amount: '514550',
        currency: '96',
        paymentType: 'WING',
        reference: 'WING123',
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
      },
      { paymentDate: '2026-09-01', amount: '125.50', paymentType: 'CHQ', bankCode: '005', reference: 'CHQ-9' },
      { paymentDate: '2026-08-01', amount: '125.50', paymentType: 'CS' },
      { paymentDate: '2026-07-01', amount: '125.50', paymentType: 'PTPP', sourcePolicyNumber: 'P000000001' },
    ],
    claims: [
      {
        claimNumber: 'CL1',
        claimType: 'hospitalisation',
        status: 'paid',
        eventDate: '2025-05-01',
        submittedDate: '2025-05-10',
        decisionDate: '2025-06-01',
        claimedAmount: '1200.00',
        paidAmount: '1000.00',
      },
    ],
    milestones: [{ date: '2026-12-15', descriptionEn: 'Survival benefit payout', descriptionKm: 'ការទូទាត់អត្ថប្រយោជន៍' }],
    pending: [
      {
        code: 'MED01',
        descriptionEn: 'Medical examination report',
        descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព',
        requestedDate: '2026-11-01',
        dueDate: '2026-12-01',
      },
      {
        code: 'IDC01',
        descriptionEn: 'Copy of national ID',
        descriptionKm: 'ច្បាប់ចម្លងអត្តសញ្ញាណប័ណ្ណ',
        requestedDate: '2026-11-02',
        status: 'received',
      },
    ],
    ...overrides,
  };
}

export function feedText(policies: unknown[], asOf = '2026-11-21'): string {
  return JSON.stringify({ format: 'portal-policy-feed', version: 1, asOf, policies });
}

export function importRecords(t: TestApp, policies: unknown[], options: ImportOptions = {}) {
  return importPolicyFeed(t.db, parsePolicyFeedText(feedText(policies)), options);
}

/** Rows in each policy table (no duplicates after a re-import). */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'policy',
    'policy_client',
    'policy_beneficiary',
    'policy_coverage',
    'policy_value',
    'policy_payment',
    'policy_claim',
    'policy_milestone',
    'policy_pending',
    'policy_pending_document',
    'blob',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    out[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return out;
}

/** A multipart/form-data body. */
export function multipart(
  parts: ({ name: string; value: string } | { name: string; fileName: string; contentType: string; data: Buffer })[],
): { payload: Buffer; contentType: string } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
