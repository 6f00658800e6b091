import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from './helpers/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const COMMON = { title: { en: 'Advisor portal', km: 'វិបផតថលទីប្រឹក្សា' } };

describe('SPA and language files', () => {
  const dir = tempDir();
  let t: TestApp;
  beforeAll(async () => {
    const webDist = join(dir.path, 'dist');
    const localesDir = join(dir.path, 'locales');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(localesDir);
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(localesDir, 'common.json'), JSON.stringify(COMMON));
    t = await createTestApp({ config: { webDist, localesDir } });
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/auth/signin', '/home/contact/contact-detail/42', '/home/proposal/proposal-list?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year and 404s a missing one (never HTML)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('keeps unknown /api paths and non-GET pages as JSON 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, messageKey: 'not_found' });
    const traversal = await t.app.inject({ method: 'GET', url: '/api/../../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
    const del = await t.app.inject({ method: 'DELETE', url: '/home' });
    expect(del.statusCode).toBe(404);
  });

  it('serves /locales/<ns>.json with an ETag and answers 304 to it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/locales/common.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(COMMON);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/locales/common.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('404s a namespace that does not exist or a name that is not a namespace', async () => {
    for (const url of ['/locales/nope.json', '/locales/common.txt', '/locales/..%2Fcommon.json', '/locales/%2E%2E%2Fdist%2Findex.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, messageKey: 'not_found' });
    }
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers pages with a clear 503 text and keeps the API up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('npm run build -w @portal/web');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
