import { RETENTION } from './retention.policy';
import type { RetentionRepository } from './retention.repository';

export interface RetentionSweepResult {
  loginAttempts: number;
  otpCodes: number;
  refreshTokens: number;
  webauthnChallenges: number;
  outboxMessages: number;
  idempotencyKeys: number;
  renderedPdfs: number;
  jobRuns: number;
}

/** One sweep: every table of `RETENTION`, each against its own cutoff measured back from `now`. */
export class RetentionService {
  constructor(
    private readonly repository: RetentionRepository,
    /** The stored record PDFs (their bytes are in the blob store, which the rendered-pdfs module writes). */
    private readonly renderedPdfs: { deleteCreatedBefore(cutoff: Date): Promise<number> },
  ) {}

  async sweep(now: Date = new Date()): Promise<RetentionSweepResult> {
    const before = (ms: number) => new Date(now.getTime() - ms);
    return {
      loginAttempts: await this.repository.loginAttemptsBefore(before(RETENTION.loginAttemptsMs)),
      otpCodes: await this.repository.otpCodesExpiredBefore(before(RETENTION.otpCodesMs)),
      refreshTokens: await this.repository.refreshTokensOfFamiliesEndedBefore(before(RETENTION.refreshTokensAfterFamilyEndMs)),
      webauthnChallenges: await this.repository.webauthnChallengesExpiredBefore(before(RETENTION.webauthnChallengesMs)),
      outboxMessages: await this.repository.outboxMessagesBefore(before(RETENTION.outboxMessagesMs)),
      idempotencyKeys: await this.repository.idempotencyKeysBefore(before(RETENTION.idempotencyKeysMs)),
      renderedPdfs: await this.renderedPdfs.deleteCreatedBefore(before(RETENTION.renderedPdfsMs)),
      jobRuns: await this.repository.jobRunsDueBefore(before(RETENTION.jobRunsMs)),
    };
  }
}
