import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import { appUser } from '../../src/db/schema/app-user.table';
import { PostgresBlobStore } from '../../src/providers/blob/postgres-blob-store';
import { ApplicationsRepository } from '../../src/modules/applications/applications.repository';
import { ApplicationsService } from '../../src/modules/applications/applications.service';
import type { ProposalSnapshot } from '../../src/modules/applications/proposal-source';
import { noProposals } from '../../src/modules/applications/proposal-source';
import type { TestApp } from '../helpers/test-app';
import { callerFor, multipart, type PolicyCallerClient } from '../policies/policy-test-kit';

export { callerFor, multipart, type PolicyCallerClient };

/** A proposal as the proposals module hands it over (product already recalculated). */
export function snapshot(overrides: Partial<ProposalSnapshot> = {}): ProposalSnapshot {
  // One application per proposal: every snapshot stands for a proposal of its own.
  const proposalId = randomUUID();
  return {
    proposalId,
    lifeInsured: { firstName: 'Sokha', lastName: 'Chan', firstNameKh: 'សុខា', lastNameKh: 'ចាន់', gender: 'M', dateOfBirth: '1988-03-15' },
    policyOwner: { firstName: 'Sokha', lastName: 'Chan', firstNameKh: 'សុខា', lastNameKh: 'ចាន់', gender: 'M', dateOfBirth: '1988-03-15' },
    ownerIsInsured: true,
    relationshipCode: null,
    product: {
      proposalId,
      proposalNumber: 'PR00000042',
      productCode: 'TERM',
      planKey: 'KRU01-01-02',
      faceAmount: '15000.00',
      policyTerm: 10,
      premiumTerm: 10,
      riders: [],
      premiumMode: 'annual',
      premium: '120.00',
      quote: {
        productCode: 'TERM',
        planKey: 'KRU01-01-02',
        catalogueVersion: 'test',
        calculationDate: '2026-11-21',
        lifeInsuredAge: 38,
        policyOwnerAge: null,
        policyTerm: 10,
        premiumTerm: 10,
        faceAmount: '15000.00',
        currency: 'USD',
        premiumFirstYear: {
          annual: { premium: '120.00', premiumBeforeDiscount: '120.00', premiumDiscount: '0.00', premiumAfterDiscount: '120.00' },
        },
        coverages: [],
      },
    },
    ...overrides,
  };
}

/** The internal creation path (what create does once the proposal is read). */
export async function createApplication(
  t: TestApp,
  caller: PolicyCallerClient,
  overrides: Partial<ProposalSnapshot> = {},
): Promise<ApplicationResponse> {
  const service = new ApplicationsService(
    new ApplicationsRepository(t.db, new PostgresBlobStore(t.db)),
    noProposals,
    t.app.audit,
    () => t.app.services.pdf,
    t.app.services.renderedPdfs,
  );
  return service.createFromSnapshot(
    {
      user: { id: caller.userId, roles: ['ROLE_AAP'], scopes: [], agencyId: await agencyOf(t, caller.userId) },
      sessionId: null,
      ip: '127.0.0.1',
      userAgent: null,
    },
    { ...snapshot(), ...overrides },
  );
}

async function agencyOf(t: TestApp, userId: string): Promise<string | null> {
  const [row] = await t.db.select({ agencyId: appUser.agencyId }).from(appUser).where(eq(appUser.id, userId));
  return row?.agencyId ?? null;
}

/** A small real PNG (a drawn signature, an uploaded scan). */
export function pngBytes(width = 40, height = 16): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = 20;
    png.data[i * 4 + 1] = 40;
    png.data[i * 4 + 2] = i % width < width / 2 ? 200 : 20;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

export const signatureImage = (): string => `data:image/png;base64,${pngBytes().toString('base64')}`;

export function pdfBytes(size = 600): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

export const exeBytes = (): Buffer => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400, 0)]);

/** Complete, valid data for steps 0-4 (owner = life insured, not bank-referred, no Y answers). */
export function validSteps(): ApplicationStepData {
  const signed = (name: string) => ({
    method: 'drawn' as const,
    image: signatureImage(),
    signerName: name,
    signedAt: '2026-11-21T09:00:00+07:00',
  });
  return {
    personalInfo: {
      ownerIsInsured: true,
      payorIsOwner: true,
      lifeInsured: {
        firstName: 'Sokha',
        lastName: 'Chan',
        firstNameKh: 'សុខា',
        lastNameKh: 'ចាន់',
        gender: 'M',
        dateOfBirth: '15/03/1988',
        idType: '1',
        idNumber: '123456789',
        idExpiryDate: '31/12/2030',
        phone: '012-345-678',
        occupation: 'Teacher',
        address: 'Street 271, Phnom Penh',
      },
      beneficiaries: [
        {
          firstName: 'Dara',
          lastName: 'Chan',
          gender: 'F',
          dateOfBirth: '01/01/2010',
          relationshipCode: '03',
          priority: 'p',
          shareBenifit: '60',
        },
        {
          firstName: 'Vanna',
          lastName: 'Chan',
          gender: 'M',
          dateOfBirth: '01/01/2012',
          relationshipCode: '03',
          priority: 'p',
          shareBenifit: '40',
        },
      ],
    },
    productInfo: { paymentType: 'CS', confirmed: true },
    healthInfo: { answers: [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, answerSequenceNo: 1, answerValue: 'N' })) },
    declarationAuthorization: { agreed: true, signatures: { policyOwner: signed('Sokha Chan'), advisor: signed('Sokha Chan (advisor)') } },
    advisorStatement: { referrerCode: '05', isBankReferal: false, statementAgreed: true },
  };
}

export const STEP_NAMES = ['personalInfo', 'productInfo', 'healthInfo', 'declarationAuthorization', 'advisorStatement'] as const;

/** Saves a step; returns the response. */
export async function saveStep(
  caller: PolicyCallerClient,
  app: { id: string; version: number },
  name: string,
  data: unknown,
  complete: boolean,
  activeStep?: number,
) {
  return caller.post(`/api/appform/v1/update/${app.id}`, {
    version: app.version,
    ...(activeStep === undefined ? {} : { activeStep }),
    step: { name, data, complete },
  });
}

export function uploadParts(
  applicationId: string,
  group: string,
  code: string,
  file: { name: string; data: Buffer; type?: string } | null,
  extra: Record<string, string> = {},
) {
  return multipart([
    { name: 'applicationId', value: applicationId },
    { name: 'documentCategoryCode', value: group },
    { name: 'documentCode', value: code },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', fileName: file.name, contentType: file.type ?? 'application/pdf', data: file.data }] : []),
  ]);
}

export async function upload(caller: PolicyCallerClient, parts: ReturnType<typeof uploadParts>) {
  return caller.upload('/api/document/v1/upload', parts.payload, parts.contentType);
}

/** A PDF's text as pdftotext reads it (UTF-8). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'appform-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
