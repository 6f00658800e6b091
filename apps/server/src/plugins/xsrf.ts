import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import fp from 'fastify-plugin';
import { isApiPath } from './security-headers';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url
/** The methods that change nothing (RFC 9110 §9.2.1): no XSRF token asked, no cache dropped. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The header equals the cookie: crypto.timingSafeEqual over the UTF-8 bytes, so the time taken
 * does not tell how much of a guess was right. Different lengths are refused before it (it
 * throws on them); the length is public anyway (a token is 43 characters).
 */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function validCookieToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[XSRF_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * Double-submit cross-site request token (DESIGN.md §3). Any response to a request without a
 * valid XSRF-TOKEN cookie sets one (readable by the SPA, SameSite=Strict); every non-GET /api
 * call must echo it in X-XSRF-TOKEN, else 403. A cross-site page can neither read the cookie
 * nor set the header, so it cannot forge a call.
 */
/** 32 bytes from the CSPRNG: a browser gets one when it has no valid cookie. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const xsrfPlugin = fp(
  async (app) => {
    await app.register(cookie);

    app.addHook('onRequest', (request, reply, done) => {
      const token = validCookieToken(request);
      if (!token) {
        reply.setCookie(XSRF_COOKIE, newToken(), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure: request.protocol === 'https',
        });
      }
      if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) {
        done();
        return;
      }
      const header = request.headers[XSRF_HEADER];
      done(!token || typeof header !== 'string' || !sameToken(header, token) ? AppError.http(403) : undefined);
    });
  },
  { name: 'xsrf' },
);
