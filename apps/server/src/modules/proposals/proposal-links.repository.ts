import { and, count, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { proposalLink, type ProposalLinkRow } from '../../db/schema/proposal-link.table';
import { proposal, type ProposalRow } from '../../db/schema/proposal.table';

/** The links to proposals sent to customers (proposal_link). */
export class ProposalLinksRepository {
  constructor(private readonly db: Db) {}

  /** How many links of the proposal were made since `since`. */
  async countSince(proposalId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(proposalLink)
      .where(and(eq(proposalLink.proposalId, proposalId), gte(proposalLink.createdDate, since)));
    return row?.n ?? 0;
  }

  /** A new link for a proposal; every older live link of it stops working. */
  async add(row: {
    id: string;
    proposalId: string;
    tokenHash: string;
    lang: string;
    maskedPhone: string;
    expiresAt: Date;
    createdBy: string;
    at: Date;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(proposalLink)
        .set({ revokedAt: row.at })
        .where(and(eq(proposalLink.proposalId, row.proposalId), isNull(proposalLink.usedAt), isNull(proposalLink.revokedAt)));
      await tx.insert(proposalLink).values({
        id: row.id,
        proposalId: row.proposalId,
        tokenHash: row.tokenHash,
        lang: row.lang,
        maskedPhone: row.maskedPhone,
        expiresAt: row.expiresAt,
        createdBy: row.createdBy,
        createdDate: row.at,
      });
    });
  }

  async findByHash(tokenHash: string): Promise<ProposalLinkRow | undefined> {
    const [row] = await this.db.select().from(proposalLink).where(eq(proposalLink.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async findById(id: string): Promise<ProposalLinkRow | undefined> {
    const [row] = await this.db.select().from(proposalLink).where(eq(proposalLink.id, id)).limit(1);
    return row;
  }

  /** Spends a link once: false when it was spent or revoked meanwhile. */
  async use(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(proposalLink)
      .set({ usedAt: at })
      .where(and(eq(proposalLink.id, id), isNull(proposalLink.usedAt), isNull(proposalLink.revokedAt)))
      .returning({ id: proposalLink.id });
    return rows.length === 1;
  }

  /** The proposal a link names, whoever sold it (the link is the customer's permission). */
  async findProposal(id: string): Promise<ProposalRow | undefined> {
    const [row] = await this.db.select().from(proposal).where(eq(proposal.id, id)).limit(1);
    return row;
  }
}
