import { and, asc, count, desc, eq, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser } from '../../db/schema/app-user.table';
import { contact } from '../../db/schema/contact.table';
import { proposalPaymentSuperseded, type ProposalPaymentSupersededRow } from '../../db/schema/proposal-payment-superseded.table';
import { proposalPayment, type ProposalPaymentRow } from '../../db/schema/proposal-payment.table';
import { proposalStatusHistory } from '../../db/schema/proposal-status-history.table';
import { proposal, proposalNumberSeq, type NewProposalRow, type ProposalRow } from '../../db/schema/proposal.table';
import { PROPOSAL_STATUS_APPLIED, type ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';
import type { KeysetPosition } from '../contacts/keyset-cursor';

/** Whose proposals a call may touch: an advisor's own, or (agency staff) the agency's. */
export type ProposalScope = { ownerUserId: string } | { agencyId: string };

/** The fields a save writes (create and update alike). */
export type ProposalValues = Omit<
  NewProposalRow,
  'id' | 'proposalNumber' | 'ownerUserId' | 'agencyId' | 'status' | 'createdDate' | 'modifiedDate' | 'createdBy' | 'modifiedBy' | 'version'
>;

export interface ContactForProposal {
  id: string;
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
  gender: 'M' | 'F';
  dateOfBirth: string;
  idType: string | null;
  idNumber: string | null;
  phone: string | null;
  email: string | null;
  occupation: string | null;
  address: string | null;
}

export interface StatusEntryRecord {
  status: ProposalStatus;
  at: Date;
  byName: string | null;
}

export interface AdvisorRecord {
  displayName: string;
  displayNameKh: string | null;
  agentCode: string | null;
  preferredLang: 'en' | 'km';
  phone: string | null;
}

const PROPOSAL_NUMBER_SEQUENCE = proposalNumberSeq.seqName ?? 'proposal_number_seq';

function visible(scope: ProposalScope): SQL {
  return 'ownerUserId' in scope ? eq(proposal.ownerUserId, scope.ownerUserId) : eq(proposal.agencyId, scope.agencyId);
}

const newestFirst = [desc(proposal.modifiedDate), desc(proposal.id)];

/** What a new KHQR string is made from, and what the caller makes of it. */
export interface PaymentIssue {
  proposalNumber: string;
  /** How many references the proposal had before this one, plus one. */
  issue: number;
  /** The reference to use: the live one when only the string expired, else undefined (make one for `issue`). */
  reference: string | undefined;
  amountCents: number;
}
export interface IssuedKhqr {
  paymentReference: string;
  khqr: string;
  khqrMd5: string;
  expiresAt: Date;
}

/** A payment reference as the payments of a proposal know it. */
export type PaymentByReference =
  | { state: 'current'; payment: ProposalPaymentRow }
  | { state: 'superseded'; payment: ProposalPaymentSupersededRow; current: ProposalPaymentRow | undefined };

/**
 * Withdraws the proposal's live payment reference when it was issued for another amount than
 * `premiumCents`: the row moves to proposal_payment_superseded. Answers the withdrawn reference.
 */
async function supersedeStalePayment(
  tx: Db,
  proposalId: string,
  premiumCents: number,
  at: Date,
  by: string | null,
): Promise<string | undefined> {
  const [old] = await tx
    .delete(proposalPayment)
    .where(and(eq(proposalPayment.proposalId, proposalId), ne(proposalPayment.amountCents, premiumCents)))
    .returning();
  if (!old) return undefined;
  await tx.insert(proposalPaymentSuperseded).values({
    paymentReference: old.paymentReference,
    proposalId,
    amountCents: old.amountCents,
    currency: old.currency,
    khqrMd5: old.khqrMd5,
    issuedAt: old.createdDate,
    expiresAt: old.expiresAt,
    supersededAt: at,
    supersededBy: by,
  });
  return old.paymentReference;
}

export class ProposalsRepository {
  constructor(private readonly db: Db) {}

  /** One of the advisor's own contacts (not removed). */
  async findContact(ownerUserId: string, id: string): Promise<ContactForProposal | undefined> {
    const [row] = await this.db
      .select({
        id: contact.id,
        firstName: contact.firstName,
        lastName: contact.lastName,
        firstNameKh: contact.firstNameKh,
        lastNameKh: contact.lastNameKh,
        gender: contact.gender,
        dateOfBirth: contact.dateOfBirth,
        idType: contact.idType,
        idNumber: contact.idNumber,
        phone: contact.phone,
        email: contact.email,
        occupation: contact.occupation,
        address: contact.address,
      })
      .from(contact)
      .where(and(eq(contact.ownerUserId, ownerUserId), eq(contact.id, id), isNull(contact.deletedAt)))
      .limit(1);
    return row;
  }

  async findAdvisor(userId: string): Promise<AdvisorRecord | undefined> {
    const [row] = await this.db
      .select({
        displayName: appUser.displayName,
        displayNameKh: appUser.displayNameKh,
        agentCode: appUser.agentCode,
        preferredLang: appUser.preferredLang,
        phone: appUser.phone,
      })
      .from(appUser)
      .where(eq(appUser.id, userId))
      .limit(1);
    return row;
  }

  /** Inserts the proposal (a new number from the sequence) and its first status. */
  async insert(values: ProposalValues & { ownerUserId: string; agencyId: string | null; at: Date }): Promise<ProposalRow> {
    const { at, ownerUserId, agencyId, ...fields } = values;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(proposal)
        .values({
          ...fields,
          proposalNumber: sql`'PR' || lpad(nextval(${sql.raw(`'${PROPOSAL_NUMBER_SEQUENCE}'`)})::text, 8, '0')`,
          ownerUserId,
          agencyId,
          status: 'quoted',
          createdDate: at,
          modifiedDate: at,
          createdBy: ownerUserId,
          modifiedBy: ownerUserId,
        })
        .returning();
      if (!row) throw new Error('proposal insert returned no row');
      await tx.insert(proposalStatusHistory).values({ proposalId: row.id, status: 'quoted', at, byUserId: ownerUserId });
      return row;
    });
  }

  /**
   * Writes when `version` is still the stored one and no application was made from it; undefined otherwise. Status goes back to
   * `quoted`. A payment reference issued for another premium is superseded in the same
   * transaction (`supersededReference`), so it is never live for the old amount after the edit.
   */
  async update(
    scope: ProposalScope,
    id: string,
    version: number,
    values: ProposalValues & { by: string; at: Date },
  ): Promise<{ row: ProposalRow; supersededReference: string | undefined } | undefined> {
    const { by, at, ...fields } = values;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(proposal)
        .set({ ...fields, status: 'quoted', modifiedDate: at, modifiedBy: by, version: sql`${proposal.version} + 1` })
        .where(and(visible(scope), eq(proposal.id, id), eq(proposal.version, version), ne(proposal.status, PROPOSAL_STATUS_APPLIED)))
        .returning();
      if (!row) return undefined;
      await tx.insert(proposalStatusHistory).values({ proposalId: row.id, status: 'quoted', at, byUserId: by });
      return { row, supersededReference: await supersedeStalePayment(tx, row.id, row.premiumCents, at, by) };
    });
  }

  async findVisible(scope: ProposalScope, id: string): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(proposal)
      .where(and(visible(scope), eq(proposal.id, id)))
      .limit(1);
    return row;
  }

  async findVisibleByNumber(scope: ProposalScope, proposalNumber: string): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(proposal)
      .where(and(visible(scope), eq(proposal.proposalNumber, proposalNumber)))
      .limit(1);
    return row;
  }

  async history(proposalId: string): Promise<StatusEntryRecord[]> {
    return this.db
      .select({ status: proposalStatusHistory.status, at: proposalStatusHistory.at, byName: appUser.displayName })
      .from(proposalStatusHistory)
      .leftJoin(appUser, eq(appUser.id, proposalStatusHistory.byUserId))
      .where(eq(proposalStatusHistory.proposalId, proposalId))
      .orderBy(asc(proposalStatusHistory.at), asc(proposalStatusHistory.id));
  }

  /**
   * Moves the proposal to `status` unless it already is there, recording it in the history. Does
   * not change the version or modified date (a status set by reading the PDF or asking for
   * the payment code is not an edit, and must not make an open edit form stale).
   */
  async setStatus(id: string, from: readonly ProposalStatus[], status: ProposalStatus, by: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const moved = await tx
        .update(proposal)
        .set({ status })
        .where(
          and(
            eq(proposal.id, id),
            sql`${proposal.status} IN (${sql.join(
              from.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        )
        .returning({ id: proposal.id });
      if (moved.length === 0) return false;
      await tx.insert(proposalStatusHistory).values({ proposalId: id, status, at, byUserId: by });
      return true;
    });
  }

  /** Keyset list, newest change first; `pattern` is a lower-case LIKE pattern on the search text. */
  list(
    scope: ProposalScope,
    options: { pattern?: string; status?: ProposalStatus; after?: KeysetPosition },
    limit: number,
  ): Promise<ProposalRow[]> {
    const conditions: (SQL | undefined)[] = [visible(scope)];
    if (options.pattern)
      conditions.push(or(like(proposal.searchText, options.pattern), sql`lower(${proposal.proposalNumber}) LIKE ${options.pattern}`));
    if (options.status) conditions.push(eq(proposal.status, options.status));
    if (options.after) {
      conditions.push(
        sql`(${proposal.modifiedDate}, ${proposal.id}) < (${options.after.at.toISOString()}::timestamptz, ${options.after.id}::uuid)`,
      );
    }
    return this.db
      .select()
      .from(proposal)
      .where(and(...conditions))
      .orderBy(...newestFirst)
      .limit(limit);
  }

  async findPayment(proposalId: string): Promise<ProposalPaymentRow | undefined> {
    const [row] = await this.db.select().from(proposalPayment).where(eq(proposalPayment.proposalId, proposalId)).limit(1);
    return row;
  }

  /**
   * The proposal's live payment for its premium as it is now, made with `make` when there is none
   * (first request, or the premium changed) or the stored string expired. One transaction: the
   * proposal row is read FOR SHARE, so an edit either comes before (and its premium is used) or
   * waits until the payment is stored (and then supersedes it). Two first requests at once store
   * one row; both answer it.
   */
  async livePayment(proposalId: string, at: Date, make: (issue: PaymentIssue) => IssuedKhqr): Promise<ProposalPaymentRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ proposalNumber: proposal.proposalNumber, premiumCents: proposal.premiumCents, version: proposal.version })
        .from(proposal)
        .where(eq(proposal.id, proposalId))
        // Requests for one proposal's code take turns: the caller may move the proposal's status
        // in the same transaction, and two share locks each waiting to update would deadlock.
        .for('update');
      if (!current) throw new Error('proposal not found for its payment');
      // A row left from before references were withdrawn on edit is withdrawn now.
      await supersedeStalePayment(tx, proposalId, current.premiumCents, at, null);
      const [stored] = await tx.select().from(proposalPayment).where(eq(proposalPayment.proposalId, proposalId)).for('update');
      if (stored && stored.expiresAt.getTime() > at.getTime()) return stored;
      const [earlier] = await tx
        .select({ n: count() })
        .from(proposalPaymentSuperseded)
        .where(eq(proposalPaymentSuperseded.proposalId, proposalId));
      const made = make({
        proposalNumber: current.proposalNumber,
        issue: (earlier?.n ?? 0) + 1,
        reference: stored?.paymentReference,
        amountCents: current.premiumCents,
      });
      const values = {
        amountCents: current.premiumCents,
        khqr: made.khqr,
        khqrMd5: made.khqrMd5,
        proposalVersion: current.version,
        expiresAt: made.expiresAt,
        modifiedDate: at,
      };
      if (stored) {
        const [renewed] = await tx.update(proposalPayment).set(values).where(eq(proposalPayment.proposalId, proposalId)).returning();
        if (!renewed) throw new Error('proposal payment was not renewed');
        return renewed;
      }
      // No conflict target: a racing first request stored the same proposal and reference; keep its row.
      await tx
        .insert(proposalPayment)
        .values({ ...values, proposalId, paymentReference: made.paymentReference, currency: 'USD', createdDate: at })
        .onConflictDoNothing();
      const [saved] = await tx.select().from(proposalPayment).where(eq(proposalPayment.proposalId, proposalId));
      if (!saved) throw new Error('proposal payment was not stored');
      return saved;
    });
  }

  /** A payment reference, live or superseded (with the proposal's live one), or undefined. */
  async paymentByReference(reference: string): Promise<PaymentByReference | undefined> {
    const [live] = await this.db.select().from(proposalPayment).where(eq(proposalPayment.paymentReference, reference)).limit(1);
    if (live) return { state: 'current', payment: live };
    const [old] = await this.db
      .select()
      .from(proposalPaymentSuperseded)
      .where(eq(proposalPaymentSuperseded.paymentReference, reference))
      .limit(1);
    if (!old) return undefined;
    return { state: 'superseded', payment: old, current: await this.findPayment(old.proposalId) };
  }
}
