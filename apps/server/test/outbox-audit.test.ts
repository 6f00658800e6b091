import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.table';
import { appUser } from '../src/db/schema/app-user.table';
import { outbox } from '../src/db/schema/outbox.table';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('SMS outbox and the dev outbox route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('writes SMS to the outbox and lists them newest first by username or phone', async () => {
    await t.app.services.sms.send({
      to: '+85512345601',
      username: 'demo.aap',
      purpose: 'login',
      body: 'Your code is 111111',
      payload: { otp: '111111' },
    });
    await t.app.services.sms.send({ to: '+85512345601', purpose: 'reset', body: 'Your code is 222222', payload: { otp: '222222' } });
    await t.app.services.sms.send({
      to: '+85512345602',
      username: 'demo.aap2',
      purpose: 'login',
      body: 'Your code is 333333',
      payload: { otp: '333333' },
    });

    const byUsername = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=demo.aap' });
    expect(byUsername.statusCode).toBe(200);
    const messages = byUsername.json();
    expect(messages.map((m: { otp: string }) => m.otp)).toEqual(['222222', '111111']);
    expect(messages[0]).toMatchObject({ to: '+85512345601', channel: 'sms', purpose: 'reset', body: 'Your code is 222222' });
    expect(Date.parse(messages[0].createdAt)).not.toBeNaN();

    const byPhone = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent('+855 12-345 602')}` });
    expect(byPhone.json().map((m: { otp: string }) => m.otp)).toEqual(['333333']);

    const nobody = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody' });
    expect(nobody.json()).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(missing.statusCode).toBe(422);
  });

  it('records audit entries', async () => {
    const [user] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'demo.aa'));
    await t.app.audit.record({
      actorUserId: user?.id ?? null,
      action: 'read',
      entity: 'contact',
      entityId: 'c-1',
      ip: '10.0.0.1',
      details: { fields: ['phone'] },
    });
    const history = await t.app.audit.history('contact', 'c-1');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actorUserId: user?.id, action: 'read', ip: '10.0.0.1', details: { fields: ['phone'] } });
    expect(await t.db.select().from(auditLog)).toHaveLength(1);
  });
});

describe('without PORTAL_DEV_OUTBOX', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { devOutbox: false } });
  });
  afterAll(() => t.close());

  it('has no dev outbox route and keeps no OTP payload', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=demo.aap' });
    expect(res.statusCode).toBe(404);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/dev/outbox']).toBeUndefined();
    await t.app.services.sms.send({ to: '+85512345601', purpose: 'login', body: 'Your code is 444444', payload: { otp: '444444' } });
    const [row] = await t.db.select().from(outbox);
    expect(row?.payload).toBeNull();
  });
});
