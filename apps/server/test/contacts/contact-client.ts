import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CreateContactInput } from '@portal/domain/contracts/contacts/create-contact';
import { authClient, signIn, type AuthClient } from '../auth/auth-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A valid create body; override any field: `contactBody({ gender: 'F' })`. */
export function contactBody(overrides: Partial<Record<keyof CreateContactInput | 'version', unknown>> = {}): Record<string, unknown> {
  return {
    contactType: 'lifeInsured',
    firstName: 'Sokha',
    lastName: 'Chan',
    firstNameKh: 'សុខា',
    lastNameKh: 'ចាន់',
    gender: 'M',
    dateOfBirth: '15/03/1988',
    phone: '012-345-678',
    email: 'sokha.chan@example.com',
    idType: '1',
    idNumber: '123456789',
    occupation: 'Teacher',
    address: 'Street 271, Phnom Penh',
    ...overrides,
  };
}

/** One signed-in advisor: JSON calls with the token and the XSRF pair (through the real login + OTP). */
export interface Advisor {
  userId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export async function signInAdvisor(t: TestApp, username: string): Promise<Advisor> {
  const client: AuthClient = authClient(t);
  const session = await signIn(t, client, username);
  return {
    userId: session.user.id,
    get: (url) => client.get(url, { token: session.accessToken }),
    post: (url, body, headers) => client.post(url, body ?? {}, { token: session.accessToken, ...(headers ? { headers } : {}) }),
  };
}

/** The app with demo users, and the two demo advisors signed in; `now` pins the app's clock. */
export async function contactsTestApp(now?: Date): Promise<{ t: TestApp; aap: Advisor; aap2: Advisor }> {
  const t = await createTestApp({ seedDemo: true, ...(now ? { now } : {}) });
  const aap = await signInAdvisor(t, 'demo.aap');
  const aap2 = await signInAdvisor(t, 'demo.aap2');
  return { t, aap, aap2 };
}

export interface ContactJson {
  id: string;
  version: number;
  [field: string]: unknown;
}

export async function createContact(advisor: Advisor, overrides: Parameters<typeof contactBody>[0] = {}): Promise<ContactJson> {
  const res = await advisor.post('/api/contact/v1/create', contactBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create contact: ${res.statusCode} ${res.body}`);
  return res.json() as ContactJson;
}

/** A 422 whose errors hold exactly this field's key (and no other error on that field). */
export function expectFieldError(res: LightMyRequestResponse, field: string, key: string): void {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { code: number; messageKey: string; errors: { field: string; key: string }[] };
  expect(body.code).toBe(422);
  expect(body.messageKey).toBe('validation_failed');
  expect(body.errors.filter((e) => e.field === field)).toEqual([{ field, key }]);
}
