/**
 * The stored login of spec §4 (localStorage `token`, DESIGN.md §6): `{ accessToken, refreshToken }`.
 * It is valid when the access token's payload decodes and its `exp` (seconds) is after now.
 * Minutes left = floor((exp - now) / 60), and 0 when nothing is stored, it cannot be read, or it
 * has expired. The signature is NOT checked: only the server can, and does.
 *
 * Checked by hand, without zod: this file is on every screen's first load (apps/web
 * lib/session.ts), where zod (even zod/mini, which brings zod's core) would add 16-24 KB gzip
 *. Two non-empty strings is the whole rule.
 */
import { decodeBase64UrlText } from './base64url';

export interface StoredLogin {
  accessToken: string;
  refreshToken: string;
}

function isStoredLogin(value: unknown): value is StoredLogin {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return typeof accessToken === 'string' && accessToken.length > 0 && typeof refreshToken === 'string' && refreshToken.length > 0;
}

export interface JwtPayload {
  exp?: number;
  iat?: number;
  sub?: string;
  [claim: string]: unknown;
}

/** The payload (middle part) of a JWT as an object; null when it is not a readable JWT. */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') return null;
  const json = decodeBase64UrlText(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as JwtPayload) : null;
  } catch {
    return null;
  }
}

/** The stored value (object or its JSON string) as a StoredLogin; null when absent or malformed. */
export function parseStoredLogin(stored: unknown): StoredLogin | null {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return null;
    }
  }
  if (!isStoredLogin(value)) return null;
  // Only the two fields (as zod's object parse did): nothing else stored alongside leaks through.
  return { accessToken: value.accessToken, refreshToken: value.refreshToken };
}

/** The access token's expiry in seconds, or null when there is none to read. */
export function accessTokenExpiry(stored: unknown): number | null {
  const login = parseStoredLogin(stored);
  const exp = login ? decodeJwtPayload(login.accessToken)?.exp : undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Valid when the access token decodes and exp > now (both in seconds). */
export function isStoredLoginValid(stored: unknown, nowSeconds: number): boolean {
  const exp = accessTokenExpiry(stored);
  return exp !== null && exp > nowSeconds;
}

/** Whole minutes until the access token expires; 0 when missing, unreadable or expired. */
export function minutesLeft(stored: unknown, nowSeconds: number): number {
  const exp = accessTokenExpiry(stored);
  if (exp === null || exp <= nowSeconds) return 0;
  return Math.floor((exp - nowSeconds) / 60);
}

/** Seconds since the epoch, the unit `exp` and the functions above use. */
export function epochSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}
