import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineKeyResponseSchema, OFFLINE_KEY_PATH } from '@portal/domain/contracts/offline/offline-key';
import { bearerFor, createTestApp, testConfig, type TestApp } from '../helpers/test-app';
import { OfflineKeyService } from '../../src/modules/offline/offline-key.service';

describe('GET /api/offline/v1/key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const keyOf = async (sub: string, roles: ('ROLE_AAP' | 'ROLE_BK' | 'ROLE_AS')[] = ['ROLE_AAP']) =>
    t.app.inject({ method: 'GET', url: OFFLINE_KEY_PATH, headers: await bearerFor(t, { sub, roles }) });

  it('gives an advisor a 32-byte key, the same on every call, never cached', async () => {
    const sub = randomUUID();
    const first = await keyOf(sub);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { key } = offlineKeyResponseSchema.parse(first.json());
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect((await keyOf(sub, ['ROLE_BK'])).json().key).toBe(key);
  });

  it('gives each user their own key', async () => {
    const a = (await keyOf(randomUUID())).json().key as string;
    const b = (await keyOf(randomUUID())).json().key as string;
    expect(a).not.toBe(b);
  });

  it('refuses anonymous callers (401) and roles that keep nothing offline (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: OFFLINE_KEY_PATH })).statusCode).toBe(401);
    expect((await keyOf(randomUUID(), ['ROLE_AS'])).statusCode).toBe(403);
  });

  it('depends on the server secret', () => {
    const user = randomUUID();
    const other = new OfflineKeyService(`${testConfig().jwtSecret}-other`);
    expect(new OfflineKeyService(testConfig().jwtSecret).keyFor(user)).not.toBe(other.keyFor(user));
  });
});
