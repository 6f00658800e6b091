import type { ActivityResponse, CreateActivityRequest } from '@portal/domain/contracts/activities/create-activity';
import type { FindActivitiesQuery, FindActivitiesResponse } from '@portal/domain/contracts/activities/find-activities';
import type { UpdateActivityRequest } from '@portal/domain/contracts/activities/update-activity';
import { toOffsetDateTime } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import type { Caller } from '../../plugins/caller';
import type { ContactsService } from '../contacts/contacts.service';
import { decodeCursor, isUuid, keysetPage } from '../contacts/keyset-cursor';
import type { ActivitiesRepository, ActivityRecord, ActivityValues } from './activities.repository';
import { toActivityResponse } from './activity-response';

const AUDIT_ENTITY = 'sales_activity';
const DAY_MS = 24 * 60 * 60 * 1000;

function toValues(body: CreateActivityRequest): ActivityValues {
  return {
    contactId: body.contactId,
    activityType: body.activityType,
    dayType: body.dayType,
    startDate: new Date(body.startDate),
    endDate: new Date(body.endDate),
    notes: body.notes ?? null,
  };
}

/**
 * Sales activities (v2 calls): each belongs to one of the caller's own contacts. An activity or
 * contact the caller may not see is a 404. Writes are audited (field names only).
 */
export class ActivitiesService {
  constructor(
    private readonly activities: ActivitiesRepository,
    private readonly contacts: ContactsService,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  private async requireVisible(caller: Caller, id: string): Promise<ActivityRecord> {
    const row = isUuid(id) ? await this.activities.findVisible(caller.user.id, id) : undefined;
    if (!row) throw AppError.http(404);
    return row;
  }

  async create(caller: Caller, body: CreateActivityRequest): Promise<ActivityResponse> {
    return this.audit.change(async () => {
      await this.contacts.requireVisible(caller, body.contactId);
      const row = await this.activities.insert({ ...toValues(body), ownerUserId: caller.user.id, at: this.now() });
      await this.record(caller, 'create', row.id, { contactId: row.contactId });
      return toActivityResponse(row);
    });
  }

  async update(caller: Caller, id: string, body: UpdateActivityRequest): Promise<ActivityResponse> {
    return this.audit.change(async () => {
      const before = await this.requireVisible(caller, id);
      if (before.version !== body.version) throw AppError.http(409);
      if (body.contactId !== before.contactId) await this.contacts.requireVisible(caller, body.contactId);
      const values = toValues(body);
      const row = await this.activities.update(caller.user.id, id, body.version, { ...values, by: caller.user.id, at: this.now() });
      if (!row) throw (await this.activities.findVisible(caller.user.id, id)) ? AppError.http(409) : AppError.http(404);
      const changed = (Object.keys(values) as (keyof ActivityValues)[]).filter((field) => {
        const a = before[field];
        const b = values[field];
        return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
      });
      await this.record(caller, 'update', id, { fields: changed });
      return toActivityResponse(row);
    });
  }

  async delete(caller: Caller, id: string): Promise<{ id: string; deleted: true }> {
    return this.audit.change(async () => {
      const deleted = isUuid(id) && (await this.activities.softDelete(caller.user.id, id, this.now()));
      if (!deleted) throw AppError.http(404);
      await this.record(caller, 'delete', id);
      return { id, deleted: true };
    });
  }

  async find(caller: Caller, id: string): Promise<ActivityResponse> {
    const row = await this.requireVisible(caller, id);
    await this.record(caller, 'read', id);
    return toActivityResponse(row);
  }

  async list(caller: Caller, query: FindActivitiesQuery): Promise<FindActivitiesResponse> {
    // Another advisor's (or a malformed) contact id simply matches nothing.
    if (query.contactId !== undefined && !isUuid(query.contactId)) return { items: [], nextCursor: null };
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await this.activities.list(
      caller.user.id,
      {
        order: query.order,
        now: this.now(),
        ...(query.contactId === undefined ? {} : { contactId: query.contactId }),
        ...(query.from === undefined ? {} : { from: new Date(toOffsetDateTime(query.from)) }),
        ...(query.to === undefined ? {} : { before: new Date(new Date(toOffsetDateTime(query.to)).getTime() + DAY_MS) }),
        ...(after === undefined ? {} : { after }),
      },
      query.size + 1,
    );
    const page = keysetPage(rows, query.size, (row) => ({ at: row.startDate, id: row.id }), toActivityResponse);
    await this.record(caller, 'read', null, { view: 'list', ids: page.items.map((item) => item.id) });
    return page;
  }
}
