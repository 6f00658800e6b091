import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { definePlugin } from './define-plugin';

/**
 * A generous per-address limit on every route (RATE_LIMIT_MAX a minute, 0 = off for load
 * tests). Sign-in, OTP and reset add their own tighter limits through route
 * `config.rateLimit`. Behind a proxy, TRUST_PROXY makes `request.ip` the client's address.
 */
export const rateLimitPlugin = definePlugin<{ config: AppConfig }>('rate-limit', async (app, { config }) => {
  if (config.rateLimitMax === 0) {
    // Keep `app.rateLimit()` callable for routes that ask for their own limit.
    await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests });
    return;
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    errorResponseBuilder: tooManyRequests,
  });
});

function tooManyRequests(_request: unknown, context: { ttl: number }): AppError {
  return AppError.http(429, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) });
}
