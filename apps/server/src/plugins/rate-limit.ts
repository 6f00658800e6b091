import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { definePlugin } from './define-plugin';

/**
 * Under the limit an answer carries no `x-ratelimit-*` headers: the web app never reads them, and
 * they are three more headers on every answer (issue 5). A 429 still says `retry-after` (and the
 * limit and reset).
 */
const QUIET_UNDER_LIMIT = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false } as const;

/**
 * A generous per-address limit on every route (RATE_LIMIT_MAX a minute, 0 = off for load
 * tests). Sign-in, OTP and reset add their own tighter limits through route
 * `config.rateLimit`. Behind a proxy, TRUST_PROXY makes `request.ip` the client's address.
 */
export const rateLimitPlugin = definePlugin<{ config: AppConfig }>('rate-limit', async (app, { config }) => {
  if (config.rateLimitMax === 0) {
    // Keep `app.rateLimit()` callable for routes that ask for their own limit.
    await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests, addHeadersOnExceeding: QUIET_UNDER_LIMIT });
    return;
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    errorResponseBuilder: tooManyRequests,
    addHeadersOnExceeding: QUIET_UNDER_LIMIT,
  });
});

function tooManyRequests(_request: unknown, context: { ttl: number }): AppError {
  return AppError.http(429, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) });
}
