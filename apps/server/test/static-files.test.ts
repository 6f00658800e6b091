import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeVersion } from '@portal/i18n/locale-version';
import { carriesSecrets } from '../src/plugins/compression';
import { createTestApp, tempDir, xsrfHeaders, type TestApp } from './helpers/test-app';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const COMMON = {
  title: { en: 'Advisor portal', km: 'វិបផតថលទីប្រឹក្សា' },
  ...Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`key${i}`, { en: `Label number ${i}`, km: `ស្លាក ${i}` }])),
};
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;

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
    // A bigger asset with the .br/.gz siblings the web build writes (apps/web/vite.config.ts).
    writeFileSync(join(webDist, 'assets', 'vendor-def456.js'), BIG_JS);
    writeFileSync(join(webDist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(webDist, 'assets', 'vendor-def456.js.gz'), gzipSync(BIG_JS));
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

  it("serves the build's brotli or gzip file to a browser that accepts it, cached for a year", async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 3);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/vendor-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses language files and API answers on the fly; never tokens, never tiny answers', async () => {
    const locale = await t.app.inject({ method: 'GET', url: '/locales/common.json', headers: { 'accept-encoding': 'br' } });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(locale.rawPayload).toString())).toEqual(COMMON);
    expect(locale.headers['cache-control']).toMatch(/^public, max-age=\d+, must-revalidate$/);

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('openapi');

    const tiny = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toMatchObject({ status: 'ok' });

    // Sign-in answers hold tokens and echo what the caller sent: never compressed (BREACH).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { 'accept-encoding': 'br, gzip', ...xsrfHeaders() },
      payload: { username: 'x'.repeat(40), password: 'y'.repeat(2000) },
    });
    expect(login.headers['content-encoding']).toBeUndefined();
    for (const url of ['/api/auth/v1/login/mfa', '/api/auth/v1/refresh', '/api/dev/outbox']) expect(carriesSecrets(url), url).toBe(true);
    expect(carriesSecrets('/api/contact/v2/find')).toBe(false);
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

  it("caches /locales/<ns>.<version>.json for a year when the version is the file's own, and not at all when it is not", async () => {
    const version = localeVersion(JSON.stringify(COMMON));
    const own = await t.app.inject({ method: 'GET', url: `/locales/common.${version}.json` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(COMMON);
    expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A page built before the file changed: today's text, asked for again next time.
    const stale = await t.app.inject({ method: 'GET', url: `/locales/common.${localeVersion('an older common.json')}.json` });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(COMMON);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.headers.etag).toBe(own.headers.etag);
  });

  it('gives a changed language file a new version', async () => {
    const localesDir = join(dir.path, 'locales');
    writeFileSync(join(localesDir, 'nav.json'), JSON.stringify({ home: { en: 'Home', km: 'ទំព័រដើម' } }));
    const before = localeVersion(JSON.stringify({ home: { en: 'Home', km: 'ទំព័រដើម' } }));
    expect((await t.app.inject({ method: 'GET', url: `/locales/nav.${before}.json` })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const changed = JSON.stringify({ home: { en: 'Start', km: 'ទំព័រដើម' } });
    writeFileSync(join(localesDir, 'nav.json'), changed);
    // A later modification time, as a deploy's new file has.
    utimesSync(join(localesDir, 'nav.json'), new Date(), new Date(Date.now() + 5_000));
    const old = await t.app.inject({ method: 'GET', url: `/locales/nav.${before}.json` });
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.body).toBe(changed);
    const fresh = await t.app.inject({ method: 'GET', url: `/locales/nav.${localeVersion(changed)}.json` });
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('404s a namespace that does not exist or a name that is not a namespace', async () => {
    for (const url of [
      '/locales/nope.json',
      '/locales/common.txt',
      '/locales/..%2Fcommon.json',
      '/locales/%2E%2E%2Fdist%2Findex.json',
      '/locales/nope.0123456789abcdef.json',
      '/locales/common.not-a-version.json',
    ]) {
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
