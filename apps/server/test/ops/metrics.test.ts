import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { appUser } from '../../src/db/schema/app-user.table';
import { hashPassword } from '../../src/lib/password-hash';
import { AUTH_LIMITS } from '../../src/modules/auth/auth.constants';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient } from '../auth/auth-client';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, sample lines only (`name{a="b",…} value`). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include `labels`; 0 when there is none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };

  it('answers 401 without the token or with another one', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, with their time, and database statements', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // Two different ids, one route pattern; anonymous, so 401.
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
      expect((await fetch(`${base}/api/contact/v1/find/${id}`)).status).toBe(401);
    }
    const after = await scrape();

    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(value(after, 'portal_http_requests_total', health) - value(before, 'portal_http_requests_total', health)).toBe(3);
    expect(value(after, 'portal_http_request_duration_seconds_count', health)).toBe(value(after, 'portal_http_requests_total', health));
    expect(value(after, 'portal_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    const contact = { method: 'GET', route: '/api/contact/v1/find/:id', status: '401' };
    expect(value(after, 'portal_http_requests_total', contact) - value(before, 'portal_http_requests_total', contact)).toBe(2);
    // No raw URL becomes a label.
    expect(after.some((s) => s.labels.route?.includes('00000000'))).toBe(false);

    // The health checks ran `select 1` each.
    const statements = (s: Sample[]) => value(s, 'portal_db_query_duration_seconds_count', { outcome: 'ok' });
    expect(statements(after) - statements(before)).toBeGreaterThanOrEqual(3);
    // Process figures of prom-client come along.
    expect(value(after, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts sign-in failures and the lockout they lead to', async () => {
    await t.db.insert(appUser).values({
      username: 'metrics.locked',
      displayName: 'Metrics Locked',
      phone: '+85512000777',
      passwordHash: await hashPassword('a right password 123'),
      roles: ['ROLE_AAP'],
    });
    const before = await scrape();
    const client = authClient(t);
    for (let i = 0; i < AUTH_LIMITS.maxPasswordFailures; i++) {
      const res = await client.post('/api/auth/v1/login', { username: 'metrics.locked', password: `wrong ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const refused = await client.post('/api/auth/v1/login', { username: 'metrics.locked', password: 'a right password 123' });
    expect(refused.statusCode).not.toBe(200);
    const after = await scrape();
    const moved = (name: string) => value(after, name) - value(before, name);
    expect(moved('portal_auth_sign_in_failures_total')).toBe(AUTH_LIMITS.maxPasswordFailures);
    expect(moved('portal_auth_lockouts_total')).toBe(1);
    expect(moved('portal_auth_sign_in_refused_locked_total')).toBe(1);
  });

  it('reports the outbox backlog by channel', async () => {
    const before = await scrape();
    await t.app.services.sms.send({ to: '+85512000778', purpose: 'login', body: 'code 123456' });
    await t.app.services.sms.send({ to: '+85512000779', purpose: 'login', body: 'code 654321' });
    const after = await scrape();
    const waiting = (s: Sample[]) => value(s, 'portal_outbox_waiting_messages', { channel: 'sms', status: 'pending' });
    expect(waiting(after) - waiting(before)).toBe(2);
    expect(value(after, 'portal_outbox_oldest_waiting_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(0);
  });

  it('times PDF renders and shows the render queue', async () => {
    const before = await scrape();
    const pdf = await t.app.services.pdf.render('<!doctype html><title>m</title><p>metrics</p>');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const after = await scrape();
    const renders = (s: Sample[]) => value(s, 'portal_pdf_render_duration_seconds_count', { outcome: 'ok' });
    expect(renders(after) - renders(before)).toBe(1);
    expect(value(after, 'portal_pdf_render_duration_seconds_sum', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'portal_pdf_render_queue_length')).toBe(true);
    expect(value(after, 'portal_pdf_renders_in_progress')).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsPort: 0, metricsToken: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('serves /metrics only on its own port, still behind the token', async () => {
    const appPort = (t.app.server.address() as AddressInfo).port;
    const metricsPort = (t.app.metricsServer!.address() as AddressInfo).port;
    expect(metricsPort).not.toBe(appPort);
    const auth = { authorization: `Bearer ${TOKEN}` };
    // The app's port has no such route (the SPA fallback answers, without figures).
    const onAppPort = await fetch(`http://127.0.0.1:${appPort}/metrics`, { headers: auth });
    expect(onAppPort.status).not.toBe(200);
    expect(await onAppPort.text()).not.toContain('portal_');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${appPort}/api/health/live`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: auth });
    expect(res.status).toBe(200);
    const samples = parseMetrics(await res.text());
    expect(value(samples, 'portal_http_requests_total', { route: '/api/health/live', status: '200' })).toBe(1);
  });
});

describe('metrics off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    expect(t.app.hasDecorator('metrics')).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    // The SPA fallback answers (503 here: these tests have no built SPA), never figures.
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('portal_');
  });
});
