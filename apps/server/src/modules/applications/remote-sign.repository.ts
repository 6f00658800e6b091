import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { RemoteSignParty } from '@portal/domain/contracts/applications/remote-signature';
import type { Db } from '../../db/client';
import { applicationSignCode, type ApplicationSignCodeRow } from '../../db/schema/application-sign-code.table';
import { applicationSignLink, type ApplicationSignLinkRow } from '../../db/schema/application-sign-link.table';
import { applicationSignature, type ApplicationSignatureRow } from '../../db/schema/application-signature.table';
import { application, type ApplicationRow } from '../../db/schema/application.table';
import { contact } from '../../db/schema/contact.table';
import { proposal } from '../../db/schema/proposal.table';

/** Remote signature links, their one-time codes and the signatures made (decision 014). */
export class RemoteSignRepository {
  constructor(private readonly db: Db) {}

  /** The signer's phone as the advisor's contact book has it (through the application's proposal); null when none. */
  async contactPhone(row: ApplicationRow, party: RemoteSignParty): Promise<string | null> {
    if (!row.proposalId) return null;
    const contactId = party === 'policyOwner' ? proposal.policyOwnerContactId : proposal.lifeInsuredContactId;
    const [found] = await this.db
      .select({ phone: contact.phone })
      .from(proposal)
      .innerJoin(contact, and(eq(contact.id, contactId), eq(contact.ownerUserId, row.ownerUserId), isNull(contact.deletedAt)))
      .where(and(eq(proposal.id, row.proposalId), eq(proposal.ownerUserId, row.ownerUserId)))
      .limit(1);
    return found?.phone || null;
  }

  async countSince(applicationId: string, party: RemoteSignParty, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(applicationSignLink)
      .where(
        and(
          eq(applicationSignLink.applicationId, applicationId),
          eq(applicationSignLink.party, party),
          gte(applicationSignLink.createdDate, since),
        ),
      );
    return row?.n ?? 0;
  }

  /** A new link for a signer; the signer's older unsigned links stop working. */
  async addLink(row: {
    id: string;
    applicationId: string;
    party: RemoteSignParty;
    tokenHash: string;
    lang: string;
    phone: string;
    maskedPhone: string;
    expiresAt: Date;
    createdBy: string;
    at: Date;
  }): Promise<void> {
    await this.db
      .update(applicationSignLink)
      .set({ revokedAt: row.at })
      .where(
        and(
          eq(applicationSignLink.applicationId, row.applicationId),
          eq(applicationSignLink.party, row.party),
          isNull(applicationSignLink.signedAt),
          isNull(applicationSignLink.revokedAt),
        ),
      );
    const { at, ...values } = row;
    await this.db.insert(applicationSignLink).values({ ...values, createdDate: at });
  }

  async findLinkByHash(tokenHash: string): Promise<ApplicationSignLinkRow | undefined> {
    const [row] = await this.db.select().from(applicationSignLink).where(eq(applicationSignLink.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async findLink(id: string): Promise<ApplicationSignLinkRow | undefined> {
    const [row] = await this.db.select().from(applicationSignLink).where(eq(applicationSignLink.id, id)).limit(1);
    return row;
  }

  /** Spends a link once: false when it was spent or revoked meanwhile. */
  async open(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(applicationSignLink)
      .set({ openedAt: at })
      .where(and(eq(applicationSignLink.id, id), isNull(applicationSignLink.openedAt), isNull(applicationSignLink.revokedAt)))
      .returning({ id: applicationSignLink.id });
    return rows.length === 1;
  }

  async countCodesSince(linkId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(applicationSignCode)
      .where(and(eq(applicationSignCode.linkId, linkId), gte(applicationSignCode.createdDate, since)));
    return row?.n ?? 0;
  }

  async addCode(row: { id: string; linkId: string; codeHash: string; expiresAt: Date; at: Date }): Promise<void> {
    await this.db
      .insert(applicationSignCode)
      .values({ id: row.id, linkId: row.linkId, codeHash: row.codeHash, expiresAt: row.expiresAt, createdDate: row.at });
  }

  /** The link's newest code still valid at `now`. */
  async liveCode(linkId: string, now: Date): Promise<ApplicationSignCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(applicationSignCode)
      .where(and(eq(applicationSignCode.linkId, linkId), gt(applicationSignCode.expiresAt, now), isNull(applicationSignCode.verifiedAt)))
      .orderBy(desc(applicationSignCode.createdDate))
      .limit(1);
    return row;
  }

  /** Marks the code right and the link verified by it, once. */
  async verify(linkId: string, codeId: string, at: Date): Promise<boolean> {
    const codes = await this.db
      .update(applicationSignCode)
      .set({ verifiedAt: at })
      .where(and(eq(applicationSignCode.id, codeId), isNull(applicationSignCode.verifiedAt)))
      .returning({ id: applicationSignCode.id });
    if (codes.length !== 1) return false;
    const links = await this.db
      .update(applicationSignLink)
      .set({ verifiedCodeId: codeId })
      .where(and(eq(applicationSignLink.id, linkId), isNull(applicationSignLink.revokedAt), isNull(applicationSignLink.signedAt)))
      .returning({ id: applicationSignLink.id });
    return links.length === 1;
  }

  /** Counts a wrong code; at `limit` the link is revoked. Answers the count. */
  async addFailure(linkId: string, limit: number, at: Date): Promise<number> {
    const [row] = await this.db
      .update(applicationSignLink)
      .set({
        failedCodes: sql`${applicationSignLink.failedCodes} + 1`,
        revokedAt: sql`CASE WHEN ${applicationSignLink.failedCodes} + 1 >= ${limit} THEN ${at.toISOString()}::timestamptz ELSE ${applicationSignLink.revokedAt} END`,
      })
      .where(eq(applicationSignLink.id, linkId))
      .returning({ failed: applicationSignLink.failedCodes });
    return row?.failed ?? limit;
  }

  /** Stores a signature and closes its link; false when the link was closed meanwhile. */
  async sign(row: Omit<ApplicationSignatureRow, 'id'>): Promise<boolean> {
    const links = await this.db
      .update(applicationSignLink)
      .set({ signedAt: row.signedAt })
      .where(and(eq(applicationSignLink.id, row.linkId), isNull(applicationSignLink.signedAt), isNull(applicationSignLink.revokedAt)))
      .returning({ id: applicationSignLink.id });
    if (links.length !== 1) return false;
    await this.db.insert(applicationSignature).values(row);
    return true;
  }

  /** Each party's newest remote signature of an application. */
  async signatures(applicationId: string): Promise<ApplicationSignatureRow[]> {
    const rows = await this.db
      .select()
      .from(applicationSignature)
      .where(eq(applicationSignature.applicationId, applicationId))
      .orderBy(desc(applicationSignature.signedAt));
    return rows.filter((r, i) => rows.findIndex((x) => x.party === r.party) === i);
  }

  /** Links sent, live and not yet signed. */
  async pendingLinks(applicationId: string, now: Date): Promise<ApplicationSignLinkRow[]> {
    return this.db
      .select()
      .from(applicationSignLink)
      .where(
        and(
          eq(applicationSignLink.applicationId, applicationId),
          isNull(applicationSignLink.signedAt),
          isNull(applicationSignLink.revokedAt),
          gt(applicationSignLink.expiresAt, now),
        ),
      );
  }

  /** The application a link names, whoever owns it (the link is the signer's permission). */
  async findApplication(id: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db.select().from(application).where(eq(application.id, id)).limit(1);
    return row;
  }
}
