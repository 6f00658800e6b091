import { describe, expect, it } from 'vitest';
import { DB_UNAVAILABLE_RETRY_AFTER, isDatabaseUnavailable, toAppError } from '../../src/plugins/error-handler';

/**
 * Database outage: the error handler tells a database that is down (503 + Retry-After)
 * from a request at fault (4xx) and from a bug (500). The end-to-end proof, with PostgreSQL
 * really stopped under load, is test/resilience/outage.trial.ts (npm run test:resilience).
 */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });

describe('database unavailable -> 503', () => {
  it.each([
    ['connection refused', wrapped({ code: 'ECONNREFUSED' })],
    ['connection reset', wrapped({ code: 'ECONNRESET' })],
    ['admin shutdown (57P01)', wrapped({ code: '57P01' })],
    ['cannot connect now (57P03)', wrapped({ code: '57P03' })],
    ['connection failure (08006)', wrapped({ code: '08006' })],
    ['too many connections (53300)', wrapped({ code: '53300' })],
    ['a dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('%s is a 503 with Retry-After', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const appError = toAppError(error);
    expect(appError.status).toBe(503);
    expect(appError.toEnvelope()).toEqual({ code: 503, messageKey: 'unavailable', retryAfter: DB_UNAVAILABLE_RETRY_AFTER });
  });

  it.each([
    ['a bad value (22P02)', wrapped({ code: '22P02' }), 400],
    ['a unique violation (23505)', wrapped({ code: '23505' }), 409],
    ['a syntax error in our SQL (42601)', wrapped({ code: '42601' }), 500],
    ['a plain bug', new TypeError('x is undefined'), 500],
  ])('%s is not mistaken for an outage', (_, error, status) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toAppError(error).status).toBe(status);
  });
});
