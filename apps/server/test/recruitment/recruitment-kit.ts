import type { LightMyRequestResponse } from 'fastify';
import type { Candidate } from '@portal/domain/contracts/candidates/candidate';
import { authClient, freshIp, latestOtp, signIn, type AuthClient } from '../auth/auth-client';
import { createTestApp, xsrfHeaders, type TestApp } from '../helpers/test-app';
import { pngFile } from '../helpers/security-fixtures';
import { multipart } from '../policies/policy-test-kit';

export const pdfBytes = (size = 600): Buffer => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};
/** A small well-formed PNG (uploads check the chunks and CRCs, not just the signature). */
export const pngBytes = (): Buffer => pngFile(8, 8);

/** A caller with a bearer token: JSON calls and multipart uploads the way the SPA makes them. */
export interface Caller {
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  upload(url: string, parts: Parameters<typeof multipart>[0]): Promise<LightMyRequestResponse>;
}

export function callerWith(t: TestApp, client: AuthClient, token: string): Caller {
  return {
    token,
    get: (url) => client.get(url, { token }),
    post: (url, body) => client.post(url, body ?? {}, { token }),
    upload: (url, parts) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url,
        remoteAddress: client.ip,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), 'content-type': body.contentType },
        payload: body.payload,
      });
    },
  };
}

export interface RecruitmentContext {
  t: TestApp;
  client: AuthClient;
  aap: Caller;
  aap2: Caller;
  aa: Caller;
  /** Signs in a demo user again (a fresh session). */
  as(username: string): Promise<Caller>;
}

export async function recruitmentTestApp(): Promise<RecruitmentContext> {
  const t = await createTestApp({ seedDemo: true });
  const client = authClient(t);
  const as = async (username: string) => callerWith(t, client, (await signIn(t, authClient(t), username)).accessToken);
  return { t, client, as, aap: await as('demo.aap'), aap2: await as('demo.aap2'), aa: await as('demo.aa') };
}

let phoneCounter = 0;
/** A fresh Cambodian mobile number, as typed (`012 9xx xxx`). */
export function freshPhone(): { typed: string; e164: string } {
  phoneCounter += 1;
  const n = String(900000 + phoneCounter + Math.floor(Math.random() * 90000)).slice(-6);
  return { typed: `01${7}${n}`, e164: `+85517${n}` };
}

let idCounter = 0;
export function freshIdNumber(): string {
  idCounter += 1;
  return String(100000000 + idCounter * 7919 + Math.floor(Math.random() * 1000)).slice(-9);
}

/** The newest secure-link token the outbox holds for a phone. */
export async function linkTokenFor(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const message = (res.json() as { purpose: string; link?: string }[]).find((m) => m.purpose === 'secure-link' && m.link);
  if (!message?.link) throw new Error(`no secure link for ${phone}`);
  return decodeURIComponent(message.link.split('#token=')[1] ?? '');
}

/** A recruiter sends a link; returns the candidate and the token the candidate received. */
export async function sendLink(ctx: RecruitmentContext, recruiter: Caller = ctx.aap) {
  const phone = freshPhone();
  const res = await recruiter.post('/api/candidate/v1/form/link', {
    firstName: 'Sophea',
    lastName: 'Noun',
    phone: phone.typed,
    idNumber: freshIdNumber(),
  });
  if (res.statusCode !== 201) throw new Error(`form/link: ${res.statusCode} ${res.body}`);
  const body = res.json() as { candidateId: string; candidateNumber: string };
  return { ...body, phone, token: await linkTokenFor(ctx.t, phone.e164) };
}

/** Opens a link: OTP requested, read from the outbox, verified. Returns the ROLE_CNL caller. */
export async function openLink(ctx: RecruitmentContext, token: string, candidateNumber: string): Promise<Caller> {
  // A candidate's own phone: a fresh address (the per-address limit is not what these tests test).
  const ip = freshIp();
  const otp = await ctx.client.post('/api/candidate/v1/form/link/otp', { token }, { ip });
  if (otp.statusCode !== 200) throw new Error(`link/otp: ${otp.statusCode} ${otp.body}`);
  const { requestCode } = otp.json() as { requestCode: string };
  const code = await latestOtp(ctx.t, `cnl.${candidateNumber.toLowerCase()}`);
  const verify = await ctx.client.post('/api/candidate/v1/form/link/otp/verify', { token, requestCode, otp: code }, { ip });
  if (verify.statusCode !== 200) throw new Error(`link/otp/verify: ${verify.statusCode} ${verify.body}`);
  return callerWith(ctx.t, ctx.client, (verify.json() as { accessToken: string }).accessToken);
}

export function formBody(candidate: Candidate, overrides: Record<string, unknown> = {}) {
  return {
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    firstNameKh: 'សុភា',
    lastNameKh: 'នួន',
    gender: 'F',
    dateOfBirth: '14/02/1996',
    phone: `0${candidate.phone.slice(4)}`,
    email: 'sophea@example.com',
    idType: '1',
    idNumber: candidate.idNumber ?? '123456789',
    address: 'Street 271, Phnom Penh',
    education: [{ level: 'bachelor', institution: 'Royal University of Phnom Penh', fieldOfStudy: 'Finance', completedDate: '2018-07-30' }],
    workHistory: [{ employer: 'ABA Bank', position: 'Teller', startDate: '2018-09-01', endDate: '2023-12-31' }],
    codeOfConductAccepted: true,
    contractAccepted: true,
    version: candidate.version,
    ...overrides,
  };
}

export const DOCUMENT_TYPES = ['portrait-photo', 'id-card', 'id-back', 'diploma', 'consent-form', 'signed-contract'] as const;

/** The candidate fills the form, uploads every required file and submits. */
export async function fillAndSubmit(candidateCaller: Caller): Promise<Candidate> {
  const own = (await candidateCaller.get('/api/candidate/v1/form/find')).json() as Candidate;
  const saved = await candidateCaller.post(`/api/candidate/v1/form/update/${own.id}`, formBody(own));
  if (saved.statusCode !== 200) throw new Error(`update: ${saved.statusCode} ${saved.body}`);
  for (const type of DOCUMENT_TYPES) {
    const up = await candidateCaller.upload('/api/candidate/v1/document/upload', [
      { name: 'candidateId', value: own.id },
      { name: 'documentType', value: type },
      type === 'portrait-photo'
        ? { name: 'file', fileName: 'me.png', contentType: 'image/png', data: pngBytes() }
        : { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: pdfBytes() },
    ]);
    if (up.statusCode !== 201) throw new Error(`upload ${type}: ${up.statusCode} ${up.body}`);
  }
  const version = (saved.json() as Candidate).version;
  const submitted = await candidateCaller.post(`/api/candidate/v1/form/submit/${own.id}`, { version });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  return submitted.json() as Candidate;
}
