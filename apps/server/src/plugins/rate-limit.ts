import { isIPv6 } from 'node:net';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { definePlugin } from './define-plugin';
import { appendRouteHook } from './route-hooks';

/** At most `max` requests from one address per `timeWindow` milliseconds. */
export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own per-address limit, counted besides the general one (sign-in, OTP). */
    rateLimit?: RateLimitRule;
  }
}

/** The general limit's window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Addresses remembered per limit; past it, the window that started first is forgotten. */
export const RATE_LIMIT_KEYS = 10_000;

/**
 * Requests per address in fixed windows, each starting at the address's first request of it, in
 * this process (as @fastify/rate-limit's LocalStore counted). A Map kept in window-start order is
 * the eviction order, so memory stays bounded however many addresses call.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    private readonly capacity = RATE_LIMIT_KEYS,
  ) {}

  /** Counts one request of `key`: 0 within the limit, else the whole seconds until its window ends. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, endsAt: now + this.rule.timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.rule.max ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : 0;
  }
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Whom a limit counts: an IPv4 address as it is; an IPv6 address by its /64 network, the block
 * one subscriber gets (else a client could step through its own 2^64 addresses); an
 * IPv4-mapped IPv6 address as its IPv4 address. Anything else as it is.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const mapped = MAPPED_IPV4.exec(ip);
  if (mapped) return mapped[1] as string;
  const [head = '', tail] = (ip.split('%')[0] as string).split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    // A dotted IPv4 tail stands for two groups.
    const given = groups.length + rest.length + (rest.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(8 - given).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * `request.ip`, without the trusted-proxy parsing when no proxy header came: proxy-addr would
 * answer the socket's address then anyway, after parsing it (a few µs per request).
 */
function callerAddress(request: FastifyRequest): string {
  if (request.headers['x-forwarded-for'] === undefined) {
    const socketAddress = request.socket.remoteAddress;
    if (socketAddress !== undefined) return socketAddress;
  }
  return request.ip;
}

/** An onRequest hook that counts the caller against `counter`; over the limit, 429 with Retry-After. */
function limitHook(counter: WindowCounter): onRequestHookHandler {
  return (request, reply, done) => {
    const retryAfter = counter.hit(clientKey(callerAddress(request)));
    if (retryAfter === 0) {
      done();
      return;
    }
    reply
      .header('retry-after', retryAfter)
      .header('x-ratelimit-limit', counter.rule.max)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', retryAfter);
    done(AppError.http(429, { retryAfter }));
  };
}

/**
 * Per-address limits (behind a proxy, TRUST_PROXY makes `request.ip` the client's address): a
 * general one on every request, 404s and static files included (RATE_LIMIT_MAX a minute, 0 =
 * off for load tests), and a route's own `config.rateLimit` (sign-in, OTP) on top of it. Under
 * the limit an answer carries no rate-limit headers (the web app never reads them); a 429 says
 * `retry-after`, the limit and the reset.
 *
 * Our own rather than @fastify/rate-limit: its hook is async and awaits a promise per store call,
 * a tenth of a memoised quote's cost (issue 5); counting in a Map needs no promise.
 */
export const rateLimitPlugin = definePlugin<{ config: AppConfig }>('rate-limit', async (app, { config }) => {
  if (config.rateLimitMax > 0) {
    app.addHook('onRequest', limitHook(new WindowCounter({ max: config.rateLimitMax, timeWindow: RATE_LIMIT_WINDOW_MS })));
  }
  app.addHook('onRoute', (route) => {
    const rule = route.config?.rateLimit;
    if (!rule) return;
    appendRouteHook(route, 'onRequest', limitHook(new WindowCounter(rule)));
  });
});
