import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKey } from '../../db/schema/idempotency-key.table';
import { jobRun } from '../../db/schema/job-run.table';
import { loginAttempt } from '../../db/schema/login-attempt.table';
import { otpCode } from '../../db/schema/otp-code.table';
import { outbox } from '../../db/schema/outbox.table';
import { refreshToken } from '../../db/schema/refresh-token.table';
import { webauthnChallenge } from '../../db/schema/webauthn-challenge.table';

/** Deletes security records past their retention; each call answers how many rows went. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  async loginAttemptsBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(loginAttempt).where(lt(loginAttempt.at, cutoff)).returning({ id: loginAttempt.id });
    return rows.length;
  }

  async otpCodesExpiredBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(otpCode).where(lt(otpCode.expiresAt, cutoff)).returning({ id: otpCode.id });
    return rows.length;
  }

  async refreshTokensOfFamiliesEndedBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(refreshToken).where(lt(refreshToken.familyExpiresAt, cutoff)).returning({ id: refreshToken.id });
    return rows.length;
  }

  async webauthnChallengesExpiredBefore(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(webauthnChallenge)
      .where(lt(webauthnChallenge.expiresAt, cutoff))
      .returning({ id: webauthnChallenge.id });
    return rows.length;
  }

  async outboxMessagesBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
    return rows.length;
  }

  async idempotencyKeysBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, cutoff)).returning({ key: idempotencyKey.key });
    return rows.length;
  }

  async jobRunsDueBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(jobRun).where(lt(jobRun.dueAt, cutoff)).returning({ job: jobRun.job });
    return rows.length;
  }
}
