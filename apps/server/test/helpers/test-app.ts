import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { ROLES, type Role } from '@portal/domain/codes/roles';
import { buildApp, type AppInstance } from '../../src/app';
import { DEMO_KHQR_MERCHANT, type AppConfig } from '../../src/config';
import { createDb, type Db, type DbHandle } from '../../src/db/client';
import { migrateDb, migrationsFolder } from '../../src/db/migrate';
import { seedDemo } from '../../src/db/seed-demo';
import { findRepoRoot } from '../../src/lib/repo-root';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { MAX_EVERY_MS } from '../../src/modules/maintenance/scheduled-job';
import type { PdfRenderer } from '../../src/providers/pdf/pdf-renderer';
import type { SmsProvider } from '../../src/providers/sms/sms-provider';

export const TEST_JWT_SECRET = 'test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** Every JSON log line the app wrote, for assertions (e.g. that no secret was logged). */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString().split('\n')) if (line.trim()) this.lines.push(line);
    callback();
  }

  text(): string {
    return this.lines.join('\n');
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Seed the demo agencies and users (PORTAL_DEMO=1). */
  seedDemo?: boolean;
  /** Replace the module list (default: every module of src/modules/module-list.ts). */
  modules?: readonly FastifyPluginAsync[];
  sms?: SmsProvider;
  /** Replaces the Chromium pool behind the fair PDF admission (a slow fake, say). */
  pdf?: PdfRenderer;
  /**
   * Starts the app's clock (`services.clock`, which every service and date rule reads) at this
   * instant, before any token is signed; it then runs on at the real pace, so records made one
   * after another keep their order. A test that works out "today" reads it from here, never from
   * the real clock.
   */
  now?: Date;
  /**
   * Builds on this open database (another test app's `handle`) instead of a fresh one: two servers
   * sharing one database, as several processes share one PostgreSQL. It is left open on close.
   */
  db?: DbHandle;
}

export interface TestApp {
  app: AppInstance;
  db: Db;
  handle: DbHandle;
  config: AppConfig;
  logs: LogCapture;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const root = findRepoRoot();
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'portal-test-unused'),
    databaseUrl: undefined,
    demo: false,
    devOutbox: true,
    jwtSecret: TEST_JWT_SECRET,
    logLevel: 'info',
    trustProxy: false,
    chromiumPath: '/usr/bin/chromium',
    webDist: join(tmpdir(), 'portal-test-no-web-dist'),
    localesDir: join(root, 'packages/i18n/locales'),
    nodeEnv: 'test',
    smsTransport: 'outbox',
    rateLimitMax: 1000,
    bodyLimit: 1024 * 1024,
    webauthnRpId: 'localhost',
    webauthnOrigins: null,
    khqr: DEMO_KHQR_MERCHANT,
    apiDocs: true,
    warnings: [],
    // The longest interval, so a test app's own sweep (real time, every server's due times) does
    // not delete the rows a test wrote with a pinned clock while the test reads them.
    retentionSweepEveryMs: MAX_EVERY_MS,
    ...overrides,
  };
}

/**
 * A migrated, empty PGlite data directory, dumped once and shared by every test file (a file in the
 * system temp folder named by a hash of the migrations): starting from it takes ~0.6 s, against
 * ~4.5 s for a new cluster plus the migrations. Built by whichever worker needs it first (written
 * to a temporary name, then renamed, so a reader never sees half a file).
 */
async function pgliteTemplate(): Promise<Blob> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(folder, name)));
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  const file = join(tmpdir(), `portal-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await createDb({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    try {
      await migrateDb(handle);
      if (handle.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await handle.client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomUUID()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh database: in-memory PGlite (from the migrated template), or a new PostgreSQL database when DATABASE_URL is set. */
export async function createTestDb(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb({ databaseUrl: undefined, dataDir: '' }, { inMemory: true, loadDataDir: await pgliteTemplate() });
    // Already migrated: this only checks that nothing is pending.
    await migrateDb(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), dataDir: '' }, { poolMax: 4 });
  await migrateDb(handle);
  return {
    handle,
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The whole app on a fresh, migrated database, logs captured. One per test file:
 *   const t = await createTestApp();  afterAll(() => t.close());
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { handle, drop } = options.db ? { handle: options.db, drop: async () => {} } : await createTestDb();
  const config = testConfig(options.config);
  const logs = new LogCapture();
  try {
    if (options.seedDemo) await seedDemo(handle.db);
    const app = await buildApp(config, {
      db: handle,
      logStream: logs,
      ...(options.modules ? { modules: options.modules } : {}),
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.pdf ? { pdf: options.pdf } : {}),
    });
    if (options.now) {
      const offset = options.now.getTime() - Date.now();
      app.services.clock.now = () => new Date(Date.now() + offset);
    }
    return {
      app,
      db: handle.db,
      handle,
      config,
      logs,
      async close() {
        await app.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** A valid XSRF cookie + header pair for non-GET /api calls through `inject`. */
export function xsrfHeaders(token = randomBytes(32).toString('base64url')): Record<string, string> {
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

/**
 * `Authorization` header with an access token the auth plugin accepts (no session behind it).
 * Default: every role, which passes any route's role check (ownership rules still apply).
 */
export async function bearerFor(
  t: Pick<TestApp, 'app' | 'config'>,
  claims: { roles?: readonly Role[]; sub?: string; agencyId?: string | null; scopes?: string[] } = {},
): Promise<{ authorization: string }> {
  const token = await signAccessToken(
    t.config.jwtSecret,
    {
      sub: claims.sub ?? randomUUID(),
      roles: [...(claims.roles ?? ROLES)],
      scopes: claims.scopes ?? [],
      agencyId: claims.agencyId ?? null,
      sid: null,
    },
    t.app.services.clock.now(),
    900,
  );
  return { authorization: `Bearer ${token}` };
}

/** A temporary folder removed by the returned function. */
export function tempDir(prefix = 'portal-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
