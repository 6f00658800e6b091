import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCode, type NewOtpCodeRow, type OtpCodeRow } from '../../db/schema/otp-code.table';

/** OTP requests (Drizzle only). Each state change is one conditional UPDATE, safe under concurrency. */
export class OtpRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewOtpCodeRow): Promise<void> {
    await this.db.insert(otpCode).values(row);
  }

  async findByRequestHash(requestHash: string): Promise<OtpCodeRow | undefined> {
    const rows = await this.db.select().from(otpCode).where(eq(otpCode.requestHash, requestHash)).limit(1);
    return rows[0];
  }

  /** A new OTP for the same request (resend): a fresh code and expiry; the failure count stays. */
  async replaceCode(id: string, codeHash: string, expiresAt: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCode)
      .set({ codeHash, expiresAt, lastSentAt: now, sendCount: sql`${otpCode.sendCount} + 1` })
      .where(and(eq(otpCode.id, id), isNull(otpCode.consumedAt), isNull(otpCode.verifiedAt)))
      .returning({ id: otpCode.id });
    return rows.length === 1;
  }

  /** One more wrong OTP; at `max` the request is killed. Returns the new count. */
  async addFailure(id: string, max: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(otpCode)
      .set({
        failedAttempts: sql`${otpCode.failedAttempts} + 1`,
        consumedAt: sql`CASE WHEN ${otpCode.failedAttempts} + 1 >= ${max} THEN ${now.toISOString()}::timestamptz ELSE ${otpCode.consumedAt} END`,
      })
      .where(eq(otpCode.id, id))
      .returning({ failedAttempts: otpCode.failedAttempts });
    return rows[0]?.failedAttempts ?? max;
  }

  /** Marks a reset/profile request verified, usable until `usableUntil`. False if it was spent meanwhile. */
  async markVerified(id: string, now: Date, usableUntil: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCode)
      .set({ verifiedAt: now, expiresAt: usableUntil })
      .where(and(eq(otpCode.id, id), isNull(otpCode.consumedAt), isNull(otpCode.verifiedAt)))
      .returning({ id: otpCode.id });
    return rows.length === 1;
  }

  /** Spends a request once: false when another call spent (or killed) it first. */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCode)
      .set({ consumedAt: now })
      .where(and(eq(otpCode.id, id), isNull(otpCode.consumedAt)))
      .returning({ id: otpCode.id });
    return rows.length === 1;
  }
}
