import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createDb } from '../src/db/client';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { tempDir } from './helpers/test-app';

describe('loadConfig', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir.path,
      databaseUrl: undefined,
      demo: false,
      devOutbox: false,
      logLevel: 'info',
      trustProxy: false,
      chromiumPath: '/usr/bin/chromium',
      nodeEnv: 'development',
      smsTransport: 'outbox',
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
    expect(config.localesDir).toMatch(/packages\/i18n\/locales$/);
  });

  it('logs every request in development, only failed or slow ones in production, unless LOG_REQUESTS says', () => {
    const base = { DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32), KHQR_BAKONG_ACCOUNT: 'insurer@abaa', KHQR_MERCHANT_ID: '987654' };
    expect(loadConfig(base).logRequests).toBe('all');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).logRequests).toBe('problems');
    expect(loadConfig({ ...base, NODE_ENV: 'production', LOG_REQUESTS: 'all' }).logRequests).toBe('all');
    expect(() => loadConfig({ ...base, LOG_REQUESTS: 'some' })).toThrow(ConfigError);
  });

  it('reads flags, proxies and URLs', () => {
    const config = loadConfig({
      DATA_DIR: dir.path,
      JWT_SECRET: 'y'.repeat(40),
      PORTAL_DEMO: '1',
      PORTAL_DEV_OUTBOX: 'true',
      TRUST_PROXY: '2',
      PORT: '3999',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(config).toMatchObject({ demo: true, devOutbox: true, trustProxy: 2, port: 3999, databaseUrl: 'postgres://u@h:5432/db' });
    expect(config.warnings.join(' ')).not.toContain('y'.repeat(40));
  });

  it("reads the PDF renderer's fair share, leaving unset figures to the renderer's defaults", () => {
    const base = { DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).pdfLimits).toEqual({});
    expect(loadConfig({ ...base, PDF_RENDERS_PER_USER: '1', PDF_WAITING_PER_USER: '0', PDF_WAITING_TOTAL: '' }).pdfLimits).toEqual({
      perUser: 1,
      waitingPerUser: 0,
    });
    for (const bad of [{ PDF_RENDERS_PER_USER: '0' }, { PDF_WAITING_PER_USER: '1.5' }, { PDF_WAITING_TOTAL: 'many' }]) {
      expect(() => loadConfig({ ...base, ...bad }), JSON.stringify(bad)).toThrow(ConfigError);
    }
  });

  it('reads how often the retention sweep is due: an hour unless set, from 1 s to 7 days', () => {
    const base = { DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).retentionSweepEveryMs).toBe(60 * 60 * 1000);
    expect(loadConfig({ ...base, RETENTION_SWEEP_EVERY_MS: '' }).retentionSweepEveryMs).toBe(60 * 60 * 1000);
    expect(loadConfig({ ...base, RETENTION_SWEEP_EVERY_MS: '2000' }).retentionSweepEveryMs).toBe(2000);
    expect(loadConfig({ ...base, RETENTION_SWEEP_EVERY_MS: '1000' }).retentionSweepEveryMs).toBe(1000);
    expect(loadConfig({ ...base, RETENTION_SWEEP_EVERY_MS: '604800000' }).retentionSweepEveryMs).toBe(604_800_000);
    for (const bad of ['999', '0', '-5', '1500.5', 'hourly', '604800001']) {
      expect(() => loadConfig({ ...base, RETENTION_SWEEP_EVERY_MS: bad }), bad).toThrow(/RETENTION_SWEEP_EVERY_MS/);
    }
  });

  it('fails fast, naming every bad variable', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir.path, PORT: 'abc', JWT_SECRET: 'short', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dir.path, PORT: 'abc', JWT_SECRET: 'short', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'JWT_SECRET', 'LOG_LEVEL', 'DATABASE_URL']) expect(message).toContain(name);
      expect(message).not.toContain('short');
    }
  });

  it('reads the KHQR merchant account, with the demo account as the default and a warning in production', () => {
    const base = { DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).khqr).toEqual({
      bakongAccountId: 'lifeinsurer@aclb',
      merchantName: 'Life Insurer Cambodia',
      merchantCity: 'Phnom Penh',
      merchantId: '100200300',
      acquiringBank: 'ACLBKHPP',
    });
    const set = loadConfig({
      ...base,
      NODE_ENV: 'production',
      KHQR_BAKONG_ACCOUNT: ' insurer@abaa ',
      KHQR_MERCHANT_ID: '987654',
      KHQR_ACQUIRING_BANK: 'ABAAKHPP',
    });
    expect(set.khqr).toMatchObject({ bakongAccountId: 'insurer@abaa', merchantId: '987654', acquiringBank: 'ABAAKHPP' });
    expect(set.warnings.join(' ')).not.toContain('KHQR');
    expect(loadConfig({ ...base, NODE_ENV: 'production', PORTAL_DEMO_IN_PRODUCTION: '1' }).warnings.join(' ')).toContain(
      'KHQR_BAKONG_ACCOUNT is unset',
    );
    let message = '';
    try {
      loadConfig({ ...base, KHQR_BAKONG_ACCOUNT: 'no-at-sign', KHQR_MERCHANT_ID: 'has space', KHQR_ACQUIRING_BANK: 'B'.repeat(33) });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['KHQR_BAKONG_ACCOUNT', 'KHQR_MERCHANT_ID', 'KHQR_ACQUIRING_BANK']) expect(message).toContain(name);
  });

  it('refuses to start in production while a demo setting is in force, naming each variable to set', () => {
    const real = {
      DATA_DIR: dir.path,
      JWT_SECRET: 'x'.repeat(32),
      NODE_ENV: 'production',
      KHQR_BAKONG_ACCOUNT: 'insurer@abaa',
      KHQR_MERCHANT_ID: '987654',
    };
    expect(loadConfig(real).nodeEnv).toBe('production');
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...real, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'started';
    };
    expect(refusal({ KHQR_BAKONG_ACCOUNT: '' })).toMatch(/KHQR_BAKONG_ACCOUNT: set/);
    expect(refusal({ KHQR_BAKONG_ACCOUNT: 'lifeinsurer@aclb' })).toMatch(/KHQR_BAKONG_ACCOUNT: set/);
    expect(refusal({ KHQR_MERCHANT_ID: '100200300' })).toMatch(/KHQR_MERCHANT_ID: set/);
    expect(refusal({ PORTAL_DEV_OUTBOX: '1' })).toMatch(/PORTAL_DEV_OUTBOX: unset/);
    expect(refusal({ PORTAL_DEMO: '1' })).toMatch(/PORTAL_DEMO: unset/);
    const all = refusal({ KHQR_BAKONG_ACCOUNT: '', KHQR_MERCHANT_ID: '', PORTAL_DEV_OUTBOX: '1', PORTAL_DEMO: '1' });
    for (const name of ['KHQR_BAKONG_ACCOUNT', 'KHQR_MERCHANT_ID', 'PORTAL_DEV_OUTBOX', 'PORTAL_DEMO']) expect(all).toContain(`${name}:`);
    // Outside production the demo settings are what `npm start` uses.
    expect(refusal({ NODE_ENV: 'development', PORTAL_DEMO: '1', PORTAL_DEV_OUTBOX: '1', KHQR_BAKONG_ACCOUNT: '' })).toBe('started');
  });

  it('serves the API docs outside production, and in production only with API_DOCS=1', () => {
    const base = { DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(32), KHQR_BAKONG_ACCOUNT: 'insurer@abaa', KHQR_MERCHANT_ID: '987654' };
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: '0' }).apiDocs).toBe(false);
  });

  it('generates a JWT secret once, kept in DATA_DIR with mode 0600', () => {
    const first = loadConfig({ DATA_DIR: dir.path });
    const second = loadConfig({ DATA_DIR: dir.path });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(statSync(join(dir.path, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('PGlite data directory lock', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('refuses a second open of the same DATA_DIR and reopens after close', async () => {
    const first = await createDb({ databaseUrl: undefined, dataDir: dir.path });
    try {
      await expect(createDb({ databaseUrl: undefined, dataDir: dir.path })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    const again = await createDb({ databaseUrl: undefined, dataDir: dir.path });
    await again.close();
  });
});
