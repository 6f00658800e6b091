// Records a browser test starts from, made through the API as the signed-in advisor of the page
// (the screens that make them have their own tests): a contact with a saved proposal, and a
// pending application from it.
import { expect, type Page } from '@playwright/test';
import { apiGet, apiPost, storedLogin } from './auth';

/** The signed-in page's access token (the page is opened on `start` first when it is blank). */
export async function pageToken(page: Page, start = '/home'): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto(start);
  const login = await storedLogin(page);
  if (!login) throw new Error('the page has no stored login');
  return login.accessToken;
}

async function created<T>(page: Page, path: string, body: unknown, token: string): Promise<T> {
  const res = await apiPost(page, path, body, token);
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

export interface SavedProposal {
  id: string;
  proposalNumber: string;
  /** The life insured's family name (unique to the call). */
  lastName: string;
}

/** A new life-insured contact (a unique family name) and a saved 10-year TERM proposal for them. */
export async function contactWithProposal(page: Page): Promise<SavedProposal> {
  const token = await pageToken(page);
  const lastName = `Key${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
  const person = { contactType: 'lifeInsured', firstName: 'Bopha', lastName, gender: 'F', dateOfBirth: '05/06/1990', phone: '012-555-778' };
  const contact = await created<{ id: string }>(page, '/api/contact/v1/create', person, token);
  const terms = { productCode: 'TERM', faceAmount: '12,000', policyTerm: 10, premiumTerm: 10, premiumMode: 'annual' };
  const proposal = await created<{ id: string; proposalNumber: string }>(
    page,
    '/api/proposal/v1/create',
    { ...terms, lifeInsuredContactId: contact.id },
    token,
  );
  return { ...proposal, lastName };
}

/** A pending application from a new contact's proposal; its id. */
export async function pendingApplication(page: Page): Promise<string> {
  const proposal = await contactWithProposal(page);
  const app = await created<{ id: string }>(page, '/api/appform/v1/create', { proposalId: proposal.id }, await pageToken(page));
  return app.id;
}

/** What `contactWithRiderProposal` types (people's names and the like, in Latin letters). */
export const TYPED_CONTACT_TEXTS: readonly string[] = ['Sophal', 'Teacher', 'Street 271'];

/**
 * A new contact with Khmer names, an ID and an occupation, and a 10-year TERM proposal with three
 * riders for them: records whose screens show every kind of code a person must not read.
 */
export async function contactWithRiderProposal(page: Page): Promise<{ contactId: string; proposalId: string; lastName: string }> {
  const token = await pageToken(page);
  const lastName = `Plain${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
  const contact = await created<{ id: string }>(
    page,
    '/api/contact/v1/create',
    {
      contactType: 'lifeInsured',
      firstName: 'Sophal',
      lastName,
      firstNameKh: 'សុផល',
      lastNameKh: 'ចាន់',
      gender: 'F',
      dateOfBirth: '03/03/1988',
      phone: '012-555-781',
      idType: '1',
      idNumber: '123456780',
      occupation: 'Teacher',
      address: 'Street 271',
    },
    token,
  );
  const proposal = await created<{ id: string }>(
    page,
    '/api/proposal/v1/create',
    {
      lifeInsuredContactId: contact.id,
      productCode: 'TERM',
      faceAmount: '25,000',
      policyTerm: 10,
      premiumTerm: 10,
      riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000' }, { code: 'CIWOP' }],
      premiumMode: 'annual',
    },
    token,
  );
  return { contactId: contact.id, proposalId: proposal.id, lastName };
}

/** The agency admin (`adminToken`) sets the products an advisor may sell (the agent-product calls, version read first). */
export async function permitProducts(page: Page, adminToken: string, advisorId: string, productCodes: string[]): Promise<void> {
  const now = await apiGet(page, `/api/agent-product/v1/find/${advisorId}`, adminToken);
  expect(now.status(), await now.text()).toBe(200);
  const { version } = (await now.json()) as { version: number };
  const saved = await apiPost(page, '/api/agent-product/v1/create', { agentUserId: advisorId, productCodes, version }, adminToken);
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The user id (`sub`) an access token was issued to. */
export function subjectOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
}
