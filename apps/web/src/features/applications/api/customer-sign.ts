import * as z from 'zod';
import {
  openSignLinkResponseSchema,
  SIGN_TOKEN_HEADER,
  signCodeResponseSchema,
  signDeclarationResponseSchema,
  signSummarySchema,
  type OpenSignLinkResponse,
  type SignCodeResponse,
  type SignDeclarationRequest,
  type SignDeclarationResponse,
  type SignSummary,
} from '@portal/domain/contracts/applications/remote-signature';
import type { Language } from '@portal/domain/codes/languages';
import { api } from '../../../lib/api-client';

const session = (token: string) => ({ auth: false, headers: { [SIGN_TOKEN_HEADER]: token } });

/** POST /api/customer/v1/sign/open — spends the SMS link: a session token, and a code is sent. */
export async function openSignLink(token: string): Promise<OpenSignLinkResponse> {
  return openSignLinkResponseSchema.parse(await api.post<unknown>('/api/customer/v1/sign/open', { token }, { auth: false }));
}

/** POST /api/customer/v1/sign/code — another code. */
export async function resendSignCode(sessionToken: string): Promise<SignCodeResponse> {
  return signCodeResponseSchema.parse(await api.post<unknown>('/api/customer/v1/sign/code', undefined, session(sessionToken)));
}

/** POST /api/customer/v1/sign/verify — the code from the SMS. */
export async function verifySignCode(sessionToken: string, code: string): Promise<void> {
  z.object({ verified: z.literal(true) }).parse(await api.post<unknown>('/api/customer/v1/sign/verify', { code }, session(sessionToken)));
}

/** GET /api/customer/v1/sign/summary — what to read and sign, in `lang`. */
export async function findSignSummary(sessionToken: string, lang: Language): Promise<SignSummary> {
  return signSummarySchema.parse(await api.get<unknown>('/api/customer/v1/sign/summary', { ...session(sessionToken), query: { lang } }));
}

/** POST /api/customer/v1/sign — the drawn signature over the summary read. */
export async function signDeclaration(sessionToken: string, body: SignDeclarationRequest): Promise<SignDeclarationResponse> {
  return signDeclarationResponseSchema.parse(await api.post<unknown>('/api/customer/v1/sign', body, session(sessionToken)));
}
