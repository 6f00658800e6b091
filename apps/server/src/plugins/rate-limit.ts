import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';

/** The general limit's window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Addresses remembered per limit (@fastify/rate-limit's LocalStore evicts the least recently used past it). */
export const RATE_LIMIT_KEYS = 10_000;
/** An IPv6 client is counted by its /64 network, the block one subscriber gets (else it could step through 2^64 addresses). */
export const RATE_LIMIT_IPV6_SUBNET = 64;

/**
 * The coarse per-address request limits, with @fastify/rate-limit and its in-process store
 * (behind a proxy, TRUST_PROXY makes `request.ip` the client's address):
 * - the general limit, RATE_LIMIT_MAX requests a minute (0 = off, for load tests), counted by an
 *   app-wide onRequest hook (`createRateLimit`), so every request counts, misses and static files
 *   included, before any other work;
 * - a route's own `config.rateLimit` (the public sign-in calls, AUTH_RATE_LIMITS), counted on top
 *   of it by the plugin's route hook.
 * A 429 is the error envelope with `retryAfter`, the Retry-After and X-RateLimit-* headers; under
 * the limit no rate-limit headers are sent (the web app never reads them).
 *
 * Per process on purpose: it only stops one address from flooding one server, and several
 * servers each count their own share. What protects an account (wrong passwords and OTPs and
 * their lockouts, OTP sends per hour) is counted in PostgreSQL by the auth services
 * (login_attempt events, otp_code, app_user.locked_until), so it holds across processes and restarts.
 */
export const rateLimitPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      global: false,
      cache: RATE_LIMIT_KEYS,
      ipv6Subnet: RATE_LIMIT_IPV6_SUBNET,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_request, context) => AppError.http(429, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
    if (config.rateLimitMax === 0) return;
    const general = app.createRateLimit({ max: config.rateLimitMax, timeWindow: RATE_LIMIT_WINDOW_MS });
    app.addHook('onRequest', async (request, reply) => {
      const limit = await general(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      const retryAfter = Math.max(1, limit.ttlInSeconds);
      reply
        .header('retry-after', retryAfter)
        .header('x-ratelimit-limit', limit.max)
        .header('x-ratelimit-remaining', 0)
        .header('x-ratelimit-reset', retryAfter);
      throw AppError.http(429, { retryAfter });
    });
  },
  { name: 'rate-limit' },
);
