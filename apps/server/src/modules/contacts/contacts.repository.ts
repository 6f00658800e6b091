import { and, count, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ContactType, Gender } from '@portal/domain/codes/client';
import type { Db } from '../../db/client';
import type { NewAuditLogRow } from '../../db/schema/audit-log.table';
import { contact, type ContactRow, type NewContactRow } from '../../db/schema/contact.table';
import { salesActivity } from '../../db/schema/sales-activity.table';
import type { ContactSearchPatterns } from './contact-search';
import { withAuditRow } from '../audit/audit.repository';
import type { KeysetPosition } from './keyset-cursor';

/** A list read's audit row, and how many of the rows read the list shows (it reads one more to know of a next page). */
export interface ListAudit {
  row: NewAuditLogRow;
  shown: number;
}

/** Whose contacts a call may touch: an advisor's own. */
export interface ContactScope {
  ownerUserId: string;
}

/** Every column a caller sees (not the generated search columns). */
const visibleColumns = {
  id: contact.id,
  contactType: contact.contactType,
  firstName: contact.firstName,
  lastName: contact.lastName,
  firstNameKh: contact.firstNameKh,
  lastNameKh: contact.lastNameKh,
  gender: contact.gender,
  dateOfBirth: contact.dateOfBirth,
  phone: contact.phone,
  email: contact.email,
  idType: contact.idType,
  idNumber: contact.idNumber,
  occupation: contact.occupation,
  address: contact.address,
  createdDate: contact.createdDate,
  modifiedDate: contact.modifiedDate,
  version: contact.version,
};

export type ContactRecord = Pick<ContactRow, keyof typeof visibleColumns>;

/** What lists show (contact-summary.ts), plus the sort key for the cursor. */
const listColumns = {
  id: contact.id,
  contactType: contact.contactType,
  firstName: contact.firstName,
  lastName: contact.lastName,
  firstNameKh: contact.firstNameKh,
  lastNameKh: contact.lastNameKh,
  gender: contact.gender,
  dateOfBirth: contact.dateOfBirth,
  phone: contact.phone,
  idType: contact.idType,
  idNumber: contact.idNumber,
  modifiedDate: contact.modifiedDate,
};

/** A list row as the database's JSON has it: `modifiedDate` is an ISO string (milliseconds, offset). */
export type ContactListRecord = Omit<Pick<ContactRow, keyof typeof listColumns>, 'modifiedDate'> & { modifiedDate: string };

/** `json_build_object('id', "contact"."id", 'contactType', …)`: the keys are the constant names above. */
const listItem = sql.join(
  Object.entries(listColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
);

/** The editable fields (what create and update write). */
export type ContactValues = Pick<
  NewContactRow,
  | 'contactType'
  | 'firstName'
  | 'lastName'
  | 'firstNameKh'
  | 'lastNameKh'
  | 'gender'
  | 'dateOfBirth'
  | 'phone'
  | 'email'
  | 'idType'
  | 'idNumber'
  | 'occupation'
  | 'address'
>;

export interface ContactSearch {
  patterns?: ContactSearchPatterns;
  contactType?: ContactType;
  gender?: Gender;
  after?: KeysetPosition;
}

const newestFirst = [desc(contact.modifiedDate), desc(contact.id)];

function visible(scope: ContactScope): SQL {
  return and(eq(contact.ownerUserId, scope.ownerUserId), isNull(contact.deletedAt)) as SQL;
}

export class ContactsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: ContactValues & { ownerUserId: string; agencyId: string | null; at: Date }): Promise<ContactRecord> {
    const { at, ...rest } = values;
    const [row] = await this.db
      .insert(contact)
      .values({ ...rest, createdDate: at, modifiedDate: at, createdBy: rest.ownerUserId, modifiedBy: rest.ownerUserId })
      .returning(visibleColumns);
    if (!row) throw new Error('contact insert returned no row');
    return row;
  }

  /** Bulk load (the volume generator): one multi-row INSERT, ids and dates given by the caller. */
  async insertMany(rows: NewContactRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(contact).values(rows);
  }

  /**
   * After a bulk load: fresh planner statistics, and the visibility map set so that searches can
   * use index-only scans (VACUUM cannot run inside a transaction).
   */
  async vacuumAnalyze(): Promise<void> {
    await this.db.execute(sql`VACUUM (ANALYZE) contact, sales_activity`);
  }

  /** How many contacts the owner has (not removed). */
  async countVisible(scope: ContactScope): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(contact).where(visible(scope));
    return row?.n ?? 0;
  }

  async findVisible(scope: ContactScope, id: string): Promise<ContactRecord | undefined> {
    const [row] = await this.db
      .select(visibleColumns)
      .from(contact)
      .where(and(visible(scope), eq(contact.id, id)))
      .limit(1);
    return row;
  }

  /** Writes when `version` is still the stored one; undefined when it is not (or the contact is not visible). */
  async update(
    scope: ContactScope,
    id: string,
    version: number,
    values: ContactValues & { by: string; at: Date },
  ): Promise<ContactRecord | undefined> {
    const { by, at, ...fields } = values;
    const [row] = await this.db
      .update(contact)
      .set({ ...fields, modifiedDate: at, modifiedBy: by, version: sql`${contact.version} + 1` })
      .where(and(visible(scope), eq(contact.id, id), eq(contact.version, version)))
      .returning(visibleColumns);
    return row;
  }

  /** Soft-deletes the contact and its activities; false when it was not visible. */
  async softDelete(scope: ContactScope, id: string, by: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .update(contact)
        .set({ deletedAt: at, modifiedDate: at, modifiedBy: by, version: sql`${contact.version} + 1` })
        .where(and(visible(scope), eq(contact.id, id)))
        .returning({ id: contact.id });
      if (removed.length === 0) return false;
      await tx
        .update(salesActivity)
        .set({ deletedAt: at, modifiedDate: at, modifiedBy: by, version: sql`${salesActivity.version} + 1` })
        .where(and(eq(salesActivity.contactId, id), isNull(salesActivity.deletedAt)));
      return true;
    });
  }

  /** Offset page, newest change first; `limit` rows from `offset`. */
  page(scope: ContactScope, offset: number, limit: number, audit?: ListAudit): Promise<ContactListRecord[]> {
    return this.rowsOf(
      this.db
        .select({ id: contact.id })
        .from(contact)
        .where(visible(scope))
        .orderBy(...newestFirst)
        .offset(offset)
        .limit(limit),
      audit,
    );
  }

  /**
   * The rows of an id query, newest change first. Lists pick their ids first so that the
   * search index answers the walk (an index-only scan), then read just those rows by key.
   * With `audit`, the same statement stores the list's audit row, with the ids of the contacts
   * it shows (the first `audit.shown`) as `details.contacts`.
   */
  private async rowsOf(ids: SQLWrapper, audit?: ListAudit): Promise<ContactListRecord[]> {
    // One JSON text for the whole page: the driver parses one value instead of 12 per row
    // (on PGlite, whose result parsing runs in JavaScript, a 50-row page costs a third as much).
    const read = sql`SELECT coalesce(json_agg(json_build_object(${listItem}) ORDER BY ${contact.modifiedDate} DESC, ${contact.id} DESC), '[]')::text AS items
      FROM ${contact} WHERE ${inArray(contact.id, ids)}`;
    const shown = audit
      ? sql`jsonb_build_object('contacts', (SELECT coalesce(jsonb_agg(e.value -> 'id' ORDER BY e.n), '[]'::jsonb)
          FROM audited_read, jsonb_array_elements(audited_read.items::jsonb) WITH ORDINALITY AS e(value, n) WHERE e.n <= ${audit.shown}))`
      : undefined;
    const result = await this.db.execute(audit ? withAuditRow(read, audit.row, shown) : read);
    const [row] = (result as unknown as { rows: { items: string }[] }).rows;
    return JSON.parse(row?.items ?? '[]') as ContactListRecord[];
  }

  /**
   * Keyset search, newest change first. The term runs against the generated search columns
   * (`LIKE '%term%'`): a common term is found walking contact_owner_modified_search_idx, a rare
   * one through the trigram indexes (the planner picks); filters and the cursor narrow it down.
   */
  search(scope: ContactScope, search: ContactSearch, limit: number, audit?: ListAudit): Promise<ContactListRecord[]> {
    const conditions: (SQL | undefined)[] = [visible(scope)];
    if (search.patterns) {
      const { text, phoneDigits } = search.patterns;
      const byText = sql`${contact.searchText} LIKE ${text}`;
      conditions.push(phoneDigits === null ? byText : or(byText, sql`${contact.phoneLocal} LIKE ${phoneDigits}`));
    }
    if (search.contactType) conditions.push(eq(contact.contactType, search.contactType));
    if (search.gender) conditions.push(eq(contact.gender, search.gender));
    if (search.after) {
      conditions.push(
        sql`(${contact.modifiedDate}, ${contact.id}) < (${search.after.at.toISOString()}::timestamptz, ${search.after.id}::uuid)`,
      );
    }
    return this.rowsOf(
      this.db
        .select({ id: contact.id })
        .from(contact)
        .where(and(...conditions))
        .orderBy(...newestFirst)
        .limit(limit),
      audit,
    );
  }
}
