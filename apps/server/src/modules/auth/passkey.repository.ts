import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkey, type NewPasskeyRow, type PasskeyRow } from '../../db/schema/passkey.table';
import { webauthnChallenge, type WebauthnChallengeRow } from '../../db/schema/webauthn-challenge.table';

/** Passkeys and WebAuthn challenges (Drizzle only). */
export class PasskeyRepository {
  constructor(private readonly db: Db) {}

  listByUser(userId: string): Promise<PasskeyRow[]> {
    return this.db.select().from(passkey).where(eq(passkey.userId, userId)).orderBy(desc(passkey.createdDate));
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const rows = await this.db.select().from(passkey).where(eq(passkey.credentialId, credentialId)).limit(1);
    return rows[0];
  }

  async insert(row: NewPasskeyRow): Promise<PasskeyRow> {
    const rows = await this.db.insert(passkey).values(row).returning();
    return rows[0] as PasskeyRow;
  }

  /** Deletes one of the user's own passkeys; false when there is no such passkey OF THIS USER. */
  async deleteOwn(userId: string, id: string): Promise<boolean> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
    const rows = await this.db
      .delete(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
      .returning({ id: passkey.id });
    return rows.length === 1;
  }

  /** Records a sign-in; the counter only moves forward (a concurrent older counter loses). */
  async recordUse(id: string, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(passkey)
      .set({ counter: newCounter, lastUsedDate: now })
      .where(and(eq(passkey.id, id), eq(passkey.counter, previousCounter)))
      .returning({ id: passkey.id });
    return rows.length === 1;
  }

  /** Stores a new challenge; expired ones (never answered) are swept on the way. */
  async insertChallenge(row: Omit<WebauthnChallengeRow, 'id'>, now: Date): Promise<void> {
    await this.db.delete(webauthnChallenge).where(lte(webauthnChallenge.expiresAt, now));
    await this.db.insert(webauthnChallenge).values(row);
  }

  /** Takes a live challenge out (single use). */
  async takeChallenge(challenge: string, purpose: WebauthnChallengeRow['purpose'], now: Date): Promise<WebauthnChallengeRow | undefined> {
    const rows = await this.db
      .delete(webauthnChallenge)
      .where(and(eq(webauthnChallenge.challenge, challenge), eq(webauthnChallenge.purpose, purpose), gt(webauthnChallenge.expiresAt, now)))
      .returning();
    return rows[0];
  }
}
