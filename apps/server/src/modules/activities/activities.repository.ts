import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ActivityOrder } from '@portal/domain/contracts/activities/find-activities';
import type { Db } from '../../db/client';
import { salesActivity, type NewSalesActivityRow, type SalesActivityRow } from '../../db/schema/sales-activity.table';
import type { KeysetPosition } from '../contacts/keyset-cursor';

const visibleColumns = {
  id: salesActivity.id,
  contactId: salesActivity.contactId,
  activityType: salesActivity.activityType,
  dayType: salesActivity.dayType,
  startDate: salesActivity.startDate,
  endDate: salesActivity.endDate,
  notes: salesActivity.notes,
  createdDate: salesActivity.createdDate,
  modifiedDate: salesActivity.modifiedDate,
  version: salesActivity.version,
};

export type ActivityRecord = Pick<SalesActivityRow, keyof typeof visibleColumns>;

export type ActivityValues = Pick<NewSalesActivityRow, 'contactId' | 'activityType' | 'dayType' | 'startDate' | 'endDate' | 'notes'>;

export interface ActivityListQuery {
  contactId?: string;
  /** Start on or after. */
  from?: Date;
  /** Start before. */
  before?: Date;
  order: ActivityOrder;
  /** `upcoming`: only activities ending at or after this instant. */
  now: Date;
  after?: KeysetPosition;
}

function visible(ownerUserId: string): SQL {
  return and(eq(salesActivity.ownerUserId, ownerUserId), isNull(salesActivity.deletedAt)) as SQL;
}

/** Sales activities; every call is scoped to the owner (the contact's advisor). */
export class ActivitiesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: ActivityValues & { ownerUserId: string; at: Date }): Promise<ActivityRecord> {
    const { at, ...rest } = values;
    const [row] = await this.db
      .insert(salesActivity)
      .values({ ...rest, createdDate: at, modifiedDate: at, createdBy: rest.ownerUserId, modifiedBy: rest.ownerUserId })
      .returning(visibleColumns);
    if (!row) throw new Error('activity insert returned no row');
    return row;
  }

  /** Bulk load (the volume generator): one multi-row INSERT. */
  async insertMany(rows: NewSalesActivityRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(salesActivity).values(rows);
  }

  async findVisible(ownerUserId: string, id: string): Promise<ActivityRecord | undefined> {
    const [row] = await this.db
      .select(visibleColumns)
      .from(salesActivity)
      .where(and(visible(ownerUserId), eq(salesActivity.id, id)))
      .limit(1);
    return row;
  }

  async update(
    ownerUserId: string,
    id: string,
    version: number,
    values: ActivityValues & { by: string; at: Date },
  ): Promise<ActivityRecord | undefined> {
    const { by, at, ...fields } = values;
    const [row] = await this.db
      .update(salesActivity)
      .set({ ...fields, modifiedDate: at, modifiedBy: by, version: sql`${salesActivity.version} + 1` })
      .where(and(visible(ownerUserId), eq(salesActivity.id, id), eq(salesActivity.version, version)))
      .returning(visibleColumns);
    return row;
  }

  async softDelete(ownerUserId: string, id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(salesActivity)
      .set({ deletedAt: at, modifiedDate: at, modifiedBy: ownerUserId, version: sql`${salesActivity.version} + 1` })
      .where(and(visible(ownerUserId), eq(salesActivity.id, id)))
      .returning({ id: salesActivity.id });
    return rows.length > 0;
  }

  /** A contact's activities, latest start first (the contact detail). */
  listForContact(ownerUserId: string, contactId: string, limit: number): Promise<ActivityRecord[]> {
    return this.db
      .select(visibleColumns)
      .from(salesActivity)
      .where(and(visible(ownerUserId), eq(salesActivity.contactId, contactId)))
      .orderBy(desc(salesActivity.startDate), desc(salesActivity.id))
      .limit(limit);
  }

  /** Keyset list: `recent` latest start first; `upcoming` not yet ended, soonest start first. */
  list(ownerUserId: string, query: ActivityListQuery, limit: number): Promise<ActivityRecord[]> {
    const upcoming = query.order === 'upcoming';
    const conditions: (SQL | undefined)[] = [visible(ownerUserId)];
    if (query.contactId) conditions.push(eq(salesActivity.contactId, query.contactId));
    if (query.from) conditions.push(gte(salesActivity.startDate, query.from));
    if (query.before) conditions.push(lt(salesActivity.startDate, query.before));
    if (upcoming) conditions.push(gte(salesActivity.endDate, query.now));
    if (query.after) {
      const key = sql`(${salesActivity.startDate}, ${salesActivity.id})`;
      const position = sql`(${query.after.at.toISOString()}::timestamptz, ${query.after.id}::uuid)`;
      conditions.push(upcoming ? sql`${key} > ${position}` : sql`${key} < ${position}`);
    }
    const order = upcoming
      ? [asc(salesActivity.startDate), asc(salesActivity.id)]
      : [desc(salesActivity.startDate), desc(salesActivity.id)];
    return this.db
      .select(visibleColumns)
      .from(salesActivity)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit);
  }
}
