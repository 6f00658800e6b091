// Retention (ASVS V14): the sweep deletes security records past their period and keeps the rest.
// Rows are written straight into the tables with chosen timestamps, then one sweep runs at `now`.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../src/db/schema/app-user.table';
import { blob } from '../src/db/schema/blob.table';
import { idempotencyKey } from '../src/db/schema/idempotency-key.table';
import { jobRun } from '../src/db/schema/job-run.table';
import { loginAttempt } from '../src/db/schema/login-attempt.table';
import { otpCode } from '../src/db/schema/otp-code.table';
import { outbox } from '../src/db/schema/outbox.table';
import { refreshToken } from '../src/db/schema/refresh-token.table';
import { renderedPdf } from '../src/db/schema/rendered-pdf.table';
import { webauthnChallenge } from '../src/db/schema/webauthn-challenge.table';
import { RETENTION } from '../src/modules/maintenance/retention.policy';
import { createTestApp, type TestApp } from './helpers/test-app';

const now = new Date('2026-06-15T03:00:00Z');
const MINUTE = 60_000;
/** A moment `ms` before now, nudged one minute further back (`past`) or forward (`kept`). */
const past = (ms: number) => new Date(now.getTime() - ms - MINUTE);
const kept = (ms: number) => new Date(now.getTime() - ms + MINUTE);

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  const [user] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'demo.aap')).limit(1);
  userId = user!.id;
});
afterAll(async () => t.close());

describe('retention sweep', () => {
  it('deletes each kind of record past its period and keeps the younger ones', async () => {
    const marker = `retention-${randomUUID()}`;
    await t.db.insert(loginAttempt).values([
      { at: past(RETENTION.loginAttemptsMs), username: `${marker}-old`, event: 'password_failed' },
      { at: kept(RETENTION.loginAttemptsMs), username: `${marker}-new`, event: 'password_failed' },
    ]);
    const otp = (suffix: string, expiresAt: Date) => ({
      requestHash: `${marker}-${suffix}`,
      userId,
      username: 'demo.aap',
      purpose: 'login' as const,
      codeHash: 'x',
      expiresAt,
      lastSentAt: expiresAt,
    });
    await t.db.insert(otpCode).values([otp('old', past(RETENTION.otpCodesMs)), otp('new', kept(RETENTION.otpCodesMs))]);
    const token = (suffix: string, familyExpiresAt: Date) => ({
      familyId: randomUUID(),
      userId,
      tokenHash: `${marker}-${suffix}`,
      issuedAt: familyExpiresAt,
      expiresAt: familyExpiresAt,
      familyExpiresAt,
    });
    await t.db
      .insert(refreshToken)
      .values([token('old', past(RETENTION.refreshTokensAfterFamilyEndMs)), token('new', kept(RETENTION.refreshTokensAfterFamilyEndMs))]);
    await t.db.insert(webauthnChallenge).values([
      { challenge: `${marker}-old`, purpose: 'authentication', expiresAt: past(RETENTION.webauthnChallengesMs) },
      { challenge: `${marker}-new`, purpose: 'authentication', expiresAt: kept(RETENTION.webauthnChallengesMs) },
    ]);
    await t.db.insert(outbox).values([
      { to: `${marker}-old`, channel: 'sms', purpose: 'login', body: 'code 123456', createdAt: past(RETENTION.outboxMessagesMs) },
      { to: `${marker}-new`, channel: 'sms', purpose: 'login', body: 'code 654321', createdAt: kept(RETENTION.outboxMessagesMs) },
    ]);
    const key = (suffix: string, createdAt: Date) => ({
      userId,
      route: 'POST /api/contact/v1/create',
      key: `${marker}-${suffix}`,
      fingerprint: 'x',
      state: 'done' as const,
      createdAt,
    });
    await t.db
      .insert(idempotencyKey)
      .values([key('old', past(RETENTION.idempotencyKeysMs)), key('new', kept(RETENTION.idempotencyKeysMs))]);
    const pdfBlobs = await t.db
      .insert(blob)
      .values(['old', 'new'].map(() => ({ mediaType: 'application/pdf', size: 5, sha256: '0'.repeat(64), data: Buffer.from('%PDF-') })))
      .returning({ id: blob.id });
    const copy = (suffix: string, blobId: string, createdAt: Date) => ({
      kind: 'proposal',
      recordId: `${marker}-${suffix}`,
      recordVersion: '1',
      lang: 'en',
      fingerprint: 'x',
      blobId,
      createdAt,
    });
    await t.db
      .insert(renderedPdf)
      .values([copy('old', pdfBlobs[0]!.id, past(RETENTION.renderedPdfsMs)), copy('new', pdfBlobs[1]!.id, kept(RETENTION.renderedPdfsMs))]);
    await t.db.insert(jobRun).values([
      { job: `${marker}-old`, dueAt: past(RETENTION.jobRunsMs), ranBy: 'test:1' },
      { job: `${marker}-new`, dueAt: kept(RETENTION.jobRunsMs), ranBy: 'test:1' },
    ]);

    const removed = await t.app.services.retention.sweep(now);

    // Other tests' rows may be swept too, so each count is at least this test's one old row.
    for (const count of Object.values(removed)) expect(count).toBeGreaterThanOrEqual(1);
    const names = [`${marker}-old`, `${marker}-new`];
    const left = {
      loginAttempts: await t.db.select({ v: loginAttempt.username }).from(loginAttempt).where(inArray(loginAttempt.username, names)),
      otpCodes: await t.db.select({ v: otpCode.requestHash }).from(otpCode).where(inArray(otpCode.requestHash, names)),
      refreshTokens: await t.db.select({ v: refreshToken.tokenHash }).from(refreshToken).where(inArray(refreshToken.tokenHash, names)),
      webauthnChallenges: await t.db
        .select({ v: webauthnChallenge.challenge })
        .from(webauthnChallenge)
        .where(inArray(webauthnChallenge.challenge, names)),
      outboxMessages: await t.db.select({ v: outbox.to }).from(outbox).where(inArray(outbox.to, names)),
      idempotencyKeys: await t.db.select({ v: idempotencyKey.key }).from(idempotencyKey).where(inArray(idempotencyKey.key, names)),
      renderedPdfs: await t.db.select({ v: renderedPdf.recordId }).from(renderedPdf).where(inArray(renderedPdf.recordId, names)),
      jobRuns: await t.db.select({ v: jobRun.job }).from(jobRun).where(inArray(jobRun.job, names)),
    };
    for (const [kind, rows] of Object.entries(left)) {
      expect(
        rows.map((r) => r.v),
        kind,
      ).toEqual([`${marker}-new`]);
    }
    // A dropped PDF's bytes go with it.
    const blobsLeft = await t.db
      .select({ id: blob.id })
      .from(blob)
      .where(
        inArray(
          blob.id,
          pdfBlobs.map((b) => b.id),
        ),
      );
    expect(blobsLeft.map((b) => b.id)).toEqual([pdfBlobs[1]!.id]);
  });

  it('keeps everything the sign-in throttles can still read', async () => {
    // The longest look-back of any throttle is 24 hours (unknown-username failures): nothing
    // younger may ever be swept.
    const DAY = 24 * 60 * MINUTE;
    expect(RETENTION.loginAttemptsMs).toBeGreaterThan(DAY);
    expect(RETENTION.otpCodesMs).toBeGreaterThanOrEqual(DAY);
  });
});
