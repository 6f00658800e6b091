import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { authErrorMessage } from './auth-errors';

/** Stands for i18next's t: the key and its values, so the test sees what would be said. */
const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;

const throttled = (messageKey: string, retryAfter: number) => new ApiError({ status: 429, code: messageKey, messageKey, retryAfter });

describe('authErrorMessage', () => {
  it('says the wait of every throttle in minutes, from the answer’s retryAfter', () => {
    expect(authErrorMessage(throttled('otp_send_limit', 1_250), t)).toBe('auth:otp_send_limit_wait {"minutes":21}');
    expect(authErrorMessage(throttled('otp_locked', 900), t)).toBe('auth:otp_locked_wait {"minutes":15}');
    expect(authErrorMessage(throttled('account_locked', 61), t)).toBe('auth:locked {"minutes":2}');
    expect(authErrorMessage(throttled('too_many_requests', 5), t)).toBe('auth:locked {"minutes":1}');
  });
});
