import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import * as z from 'zod';
import { findRepoRoot } from './lib/repo-root';
import { RETENTION_SWEEP_EVERY_MS } from './modules/maintenance/retention.policy';
import { MAX_EVERY_MS, MIN_EVERY_MS } from './modules/maintenance/scheduled-job';

/** The insurer's Bakong merchant account that receives first premiums by KHQR (proposals). */
export interface KhqrMerchant {
  /** KHQR_BAKONG_ACCOUNT: the Bakong account id, `name@bank`. */
  bakongAccountId: string;
  merchantName: string;
  merchantCity: string;
  /** KHQR_MERCHANT_ID: the merchant id the acquiring bank gave. */
  merchantId: string;
  /** KHQR_ACQUIRING_BANK: the acquiring bank's code. */
  acquiringBank: string;
}

/** The demo merchant account (the defaults); a deployment sets its own. */
export const DEMO_KHQR_MERCHANT: KhqrMerchant = {
  bakongAccountId: 'lifeinsurer@aclb',
  merchantName: 'Life Insurer Cambodia',
  merchantCity: 'Phnom Penh',
  merchantId: '100200300',
  acquiringBank: 'ACLBKHPP',
};

/** Everything the server reads from its environment, validated once at start (ADR 001). */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; PGlite files, the lock file and a generated JWT secret live here. */
  dataDir: string;
  /** Unset: embedded PGlite under dataDir. Set: node-postgres. */
  databaseUrl: string | undefined;
  /** PORTAL_DEMO=1: seed the demo agencies and one user per role on start. */
  demo: boolean;
  /** PORTAL_DEV_OUTBOX=1: register GET /api/dev/outbox and keep OTPs/links in the outbox payload. */
  devOutbox: boolean;
  jwtSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which requests get a log line (LOG_REQUESTS): `all`, or `problems` (status >= 400 or slower
   * than SLOW_REQUEST_MS). Unset: `problems` when NODE_ENV=production, `all` otherwise.
   */
  logRequests?: 'all' | 'problems';
  /** Fastify's trustProxy: false, true, a hop count, or a comma-separated list of addresses. */
  trustProxy: boolean | number | string;
  chromiumPath: string;
  /** The built SPA (apps/web/dist); served with an index.html fallback. */
  webDist: string;
  /** Language files served at /locales/<namespace>.json. */
  localesDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** `outbox`: messages stay in the outbox table; `http`: the delivery worker sends SMS through SMS_GATEWAY_URL. */
  smsTransport: 'outbox' | 'http';
  /** Requests per minute per client address; 0 switches the limiter off (load benchmarks). */
  rateLimitMax: number;
  /** JSON body limit in bytes (1 MiB). */
  bodyLimit: number;
  /** WebAuthn relying-party id: the site's domain, `localhost` in development (WEBAUTHN_RP_ID). */
  webauthnRpId: string;
  /**
   * Origins passkeys may be used from (WEBAUTHN_ORIGINS, comma-separated, e.g.
   * `https://portal.example.com`). null: the request's own origin, when its host is the rpID.
   */
  webauthnOrigins: string[] | null;
  /** The merchant account KHQR payment codes pay (KHQR_BAKONG_ACCOUNT, KHQR_MERCHANT_ID, KHQR_ACQUIRING_BANK). */
  khqr: KhqrMerchant;
  /** API_DOCS: serve the OpenAPI document and UI at /api/docs (default: on, except in production). */
  apiDocs: boolean;
  /** Things worth a warning in the start log (never secrets). */
  warnings: string[];
  // --- Operations (README "Operations"): metrics, message delivery ---
  /** METRICS_TOKEN: GET /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** METRICS_PORT: serve /metrics only on this port (on HOST), not on the app's port. */
  metricsPort?: number;
  /** SMS_TRANSPORT=http: the gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN or SMS_GATEWAY_USER/PASSWORD, SMS_SENDER_ID). */
  smsGateway?: { url: string; senderId: string; token?: string; user?: string; password?: string };
  /** SMTP_URL set: e-mail through that server (SMTP_FROM, SMTP_REQUIRE_TLS, SMTP_TLS_REJECT_UNAUTHORIZED). */
  smtp?: { url: string; from: string; requireTls: boolean; rejectUnauthorized: boolean };
  /** The delivery worker (OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_BASE_MS, OUTBOX_POLL_MS); defaults in providers/messaging. */
  delivery?: { maxAttempts?: number; retryBaseMs?: number; pollMs?: number };
  /** The PDF renderer's fair share (PDF_RENDERS_PER_USER, PDF_WAITING_PER_USER, PDF_WAITING_TOTAL); defaults in providers/pdf/fair-pdf-renderer.ts. */
  pdfLimits?: { perUser?: number; waitingPerUser?: number; waitingTotal?: number };
  /** RETENTION_SWEEP_EVERY_MS: how often the retention sweep is due, in ms (1 s to 7 days; default an hour). */
  retentionSweepEveryMs: number;
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A whole number from `min` to `max`; unset or empty: undefined (the default applies). */
const optionalWholeNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((v) => v === undefined || (Number.isInteger(v) && v >= min && v <= max), `must be a whole number from ${min} to ${max}`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  PORTAL_DEMO: flag,
  PORTAL_DEV_OUTBOX: flag,
  /** Benchmarks only: lets a production build run with the demo settings on a test machine. */
  PORTAL_DEMO_IN_PRODUCTION: flag,
  API_DOCS: z.enum(['1', '0', 'true', 'false', '']).optional(),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['all', 'problems']).optional(),
  TRUST_PROXY: z.string().optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  WEB_DIST: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SMS_TRANSPORT: z.enum(['outbox', 'http']).default('outbox'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(1000),
  WEBAUTHN_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a domain name')
    .default('localhost'),
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim().replace(/\/+$/, ''))
            .filter(Boolean)
        : null,
    )
    .refine(
      (v) => v === null || v.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'must be comma-separated origins like https://portal.example.com',
    ),
  // KHQR (EMVCo) fields: the account id is at most 32 characters, the merchant id and bank too.
  KHQR_BAKONG_ACCOUNT: z
    .string()
    .trim()
    .max(32)
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be a Bakong account id like name@bank')
    .or(z.literal(''))
    .optional(),
  KHQR_MERCHANT_ID: z.string().trim().max(32).regex(/^\S*$/, 'must not contain spaces').optional(),
  KHQR_ACQUIRING_BANK: z.string().trim().max(32).regex(/^\S*$/, 'must not contain spaces').optional(),
  // --- Operations ---
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (v.length >= 16 && /^\S+$/.test(v)), 'must be at least 16 characters, without spaces'),
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 65535), 'must be a port number'),
  SMS_GATEWAY_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http:// or https:// URL'),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_GATEWAY_USER: z.string().optional(),
  SMS_GATEWAY_PASSWORD: z.string().optional(),
  SMS_SENDER_ID: z.string().trim().max(16).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/\S+$/.test(v), 'must be an smtp:// or smtps:// URL'),
  SMTP_FROM: z.string().trim().optional(),
  SMTP_REQUIRE_TLS: flag,
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).optional(),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).optional(),
  PDF_RENDERS_PER_USER: optionalWholeNumber(1, 4),
  PDF_WAITING_PER_USER: optionalWholeNumber(0, 64),
  PDF_WAITING_TOTAL: optionalWholeNumber(0, 256),
  RETENTION_SWEEP_EVERY_MS: optionalWholeNumber(MIN_EVERY_MS, MAX_EVERY_MS),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * JWT_SECRET, or one generated on first start and kept in DATA_DIR/jwt-secret (mode 0600) so
 * sign-ins survive a restart. Several servers behind a load balancer must share JWT_SECRET.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it between our read and write: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The demo settings a production server refuses to start with, each naming the variable to set
 * or unset: the demo KHQR account or merchant id (payments would go to the demo account), the
 * dev outbox (one-time passwords readable over HTTP) and the demo users (a published password).
 */
export function demoSettingsInForce(e: {
  PORTAL_DEMO: boolean;
  PORTAL_DEV_OUTBOX: boolean;
  KHQR_BAKONG_ACCOUNT?: string | undefined;
  KHQR_MERCHANT_ID?: string | undefined;
}): string[] {
  const found: string[] = [];
  const account = e.KHQR_BAKONG_ACCOUNT || DEMO_KHQR_MERCHANT.bakongAccountId;
  if (account === DEMO_KHQR_MERCHANT.bakongAccountId)
    found.push(
      `KHQR_BAKONG_ACCOUNT: set the insurer's Bakong account (the demo account ${DEMO_KHQR_MERCHANT.bakongAccountId} is in force)`,
    );
  if ((e.KHQR_MERCHANT_ID || DEMO_KHQR_MERCHANT.merchantId) === DEMO_KHQR_MERCHANT.merchantId)
    found.push(`KHQR_MERCHANT_ID: set the merchant id the acquiring bank gave (the demo id ${DEMO_KHQR_MERCHANT.merchantId} is in force)`);
  if (e.PORTAL_DEV_OUTBOX) found.push('PORTAL_DEV_OUTBOX: unset it (it serves one-time passwords at /api/dev/outbox)');
  if (e.PORTAL_DEMO) found.push('PORTAL_DEMO: unset it (it seeds demo users with a published password)');
  return found;
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_TRANSPORT === 'http' && !e.SMS_GATEWAY_URL) {
    throw new ConfigError('Invalid server configuration:\n  SMS_GATEWAY_URL: required when SMS_TRANSPORT=http');
  }
  if (e.SMTP_URL && !e.SMTP_FROM) {
    throw new ConfigError('Invalid server configuration:\n  SMTP_FROM: required when SMTP_URL is set');
  }
  const root = findRepoRoot();
  const abs = (p: string, base: string) => (isAbsolute(p) ? p : resolve(base, p));
  const dataDir = abs(e.DATA_DIR, cwd);
  const warnings: string[] = [];
  if (!e.JWT_SECRET && e.DATABASE_URL) {
    warnings.push(
      `JWT_SECRET is unset: using a secret kept in ${join(dataDir, 'jwt-secret')}; servers sharing DATABASE_URL must share JWT_SECRET.`,
    );
  }
  if (e.NODE_ENV === 'production' && !e.PORTAL_DEMO_IN_PRODUCTION) {
    const demo = demoSettingsInForce(e);
    if (demo.length > 0)
      throw new ConfigError(`Refusing to start in production with demo settings:\n${demo.map((line) => `  ${line}`).join('\n')}`);
  }
  if (e.NODE_ENV === 'production' && e.PORTAL_DEV_OUTBOX) {
    warnings.push('PORTAL_DEV_OUTBOX=1 lists one-time passwords at /api/dev/outbox: never set it on a real deployment.');
  }
  if (e.NODE_ENV === 'production' && e.WEBAUTHN_RP_ID === 'localhost') {
    warnings.push("WEBAUTHN_RP_ID is 'localhost': passkeys work only on localhost; set it (and WEBAUTHN_ORIGINS) to the site's domain.");
  }
  if (e.NODE_ENV === 'production' && !e.KHQR_BAKONG_ACCOUNT) {
    warnings.push(
      `KHQR_BAKONG_ACCOUNT is unset: KHQR payment codes pay the demo account ${DEMO_KHQR_MERCHANT.bakongAccountId}; set KHQR_BAKONG_ACCOUNT, KHQR_MERCHANT_ID and KHQR_ACQUIRING_BANK.`,
    );
  }
  if (e.NODE_ENV === 'production' && e.PORTAL_DEMO) {
    warnings.push('PORTAL_DEMO=1 seeds demo users with a published password: never set it on a real deployment.');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demo: e.PORTAL_DEMO,
    devOutbox: e.PORTAL_DEV_OUTBOX,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ?? (e.NODE_ENV === 'production' ? 'problems' : 'all'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    chromiumPath: e.CHROMIUM_PATH,
    webDist: e.WEB_DIST ? abs(e.WEB_DIST, cwd) : join(root, 'apps/web/dist'),
    localesDir: e.LOCALES_DIR ? abs(e.LOCALES_DIR, cwd) : join(root, 'packages/i18n/locales'),
    nodeEnv: e.NODE_ENV,
    smsTransport: e.SMS_TRANSPORT,
    rateLimitMax: e.RATE_LIMIT_MAX,
    bodyLimit: 1024 * 1024,
    webauthnRpId: e.WEBAUTHN_RP_ID,
    webauthnOrigins: e.WEBAUTHN_ORIGINS,
    khqr: {
      ...DEMO_KHQR_MERCHANT,
      bakongAccountId: e.KHQR_BAKONG_ACCOUNT || DEMO_KHQR_MERCHANT.bakongAccountId,
      merchantId: e.KHQR_MERCHANT_ID || DEMO_KHQR_MERCHANT.merchantId,
      acquiringBank: e.KHQR_ACQUIRING_BANK || DEMO_KHQR_MERCHANT.acquiringBank,
    },
    apiDocs: e.API_DOCS === undefined || e.API_DOCS === '' ? e.NODE_ENV !== 'production' : e.API_DOCS === '1' || e.API_DOCS === 'true',
    warnings,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    ...(e.SMS_TRANSPORT === 'http' && e.SMS_GATEWAY_URL
      ? {
          smsGateway: {
            url: e.SMS_GATEWAY_URL,
            senderId: e.SMS_SENDER_ID || 'Portal',
            ...(e.SMS_GATEWAY_TOKEN ? { token: e.SMS_GATEWAY_TOKEN } : {}),
            ...(e.SMS_GATEWAY_USER ? { user: e.SMS_GATEWAY_USER, password: e.SMS_GATEWAY_PASSWORD ?? '' } : {}),
          },
        }
      : {}),
    ...(e.SMTP_URL && e.SMTP_FROM
      ? { smtp: { url: e.SMTP_URL, from: e.SMTP_FROM, requireTls: e.SMTP_REQUIRE_TLS, rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED } }
      : {}),
    delivery: {
      ...(e.OUTBOX_MAX_ATTEMPTS ? { maxAttempts: e.OUTBOX_MAX_ATTEMPTS } : {}),
      ...(e.OUTBOX_RETRY_BASE_MS ? { retryBaseMs: e.OUTBOX_RETRY_BASE_MS } : {}),
      ...(e.OUTBOX_POLL_MS ? { pollMs: e.OUTBOX_POLL_MS } : {}),
    },
    pdfLimits: {
      ...(e.PDF_RENDERS_PER_USER !== undefined ? { perUser: e.PDF_RENDERS_PER_USER } : {}),
      ...(e.PDF_WAITING_PER_USER !== undefined ? { waitingPerUser: e.PDF_WAITING_PER_USER } : {}),
      ...(e.PDF_WAITING_TOTAL !== undefined ? { waitingTotal: e.PDF_WAITING_TOTAL } : {}),
    },
    retentionSweepEveryMs: e.RETENTION_SWEEP_EVERY_MS ?? RETENTION_SWEEP_EVERY_MS,
  };
}
