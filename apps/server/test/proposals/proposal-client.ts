import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CreateProposalInput, ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { createContact, signInAdvisor, type Advisor, type ContactJson } from '../contacts/contact-client';
import type { AppConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/test-app';

export type { Advisor };

/** The engine-ready TERM quote of the catalogue notes: insured in their 30s, 25,000, three riders. */
export function termQuote(overrides: Partial<Record<keyof CreateProposalInput | 'version', unknown>> = {}): Record<string, unknown> {
  return {
    productCode: 'TERM',
    faceAmount: '25,000',
    policyTerm: 10,
    premiumTerm: 10,
    riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000' }, { code: 'CIWOP' }],
    premiumMode: 'annual',
    ...overrides,
  };
}

export interface ProposalsWorld {
  t: TestApp;
  aap: Advisor;
  aap2: Advisor;
  /** demo.aap's contacts: the life insured (35-ish, Khmer name) and a parent as owner. */
  insured: ContactJson;
  parent: ContactJson;
}

/** The app with the demo users, both demo advisors signed in, and two contacts of demo.aap; `now` pins the app's clock. */
export async function proposalsWorld(now?: Date, config?: Partial<AppConfig>): Promise<ProposalsWorld> {
  const t = await createTestApp({ seedDemo: true, ...(now ? { now } : {}), ...(config ? { config } : {}) });
  const aap = await signInAdvisor(t, 'demo.aap');
  const aap2 = await signInAdvisor(t, 'demo.aap2');
  const insured = await createContact(aap, {
    firstName: 'Sokha',
    lastName: 'Chan',
    firstNameKh: 'សុខា',
    lastNameKh: 'ចាន់',
    gender: 'M',
    dateOfBirth: '10/05/1990',
  });
  const parent = await createContact(aap, {
    contactType: 'policyOwner',
    firstName: 'Vanna',
    lastName: 'Chan',
    firstNameKh: 'វណ្ណា',
    lastNameKh: 'ចាន់',
    gender: 'M',
    dateOfBirth: '01/02/1962',
    phone: '012-888-777',
    idNumber: '223456789',
    email: 'vanna@example.com',
  });
  return { t, aap, aap2, insured, parent };
}

export async function createProposal(advisor: Advisor, body: Record<string, unknown>): Promise<ProposalResponse> {
  const res = await advisor.post('/api/proposal/v1/create', body);
  if (res.statusCode !== 201) throw new Error(`create proposal: ${res.statusCode} ${res.body}`);
  return res.json() as ProposalResponse;
}

/** A 422 whose errors hold exactly this field's key (and no other error on that field). */
export function expectFieldError(res: LightMyRequestResponse, field: string, key: string): void {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { errors: { field: string; key: string }[] };
  expect(body.errors.filter((e) => e.field === field)).toEqual([{ field, key }]);
}
