import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import type { CreateContactRequest, ContactResponse } from '@portal/domain/contracts/contacts/create-contact';
import type { FindContactsQuery, FindContactsResponse } from '@portal/domain/contracts/contacts/find-contacts';
import type { FindContactWithActivitiesResponse } from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { CONTACT_DETAIL_MAX_ACTIVITIES } from '@portal/domain/contracts/contacts/find-contact-with-activities';
import type { PageContactsQuery, PageContactsResponse } from '@portal/domain/contracts/contacts/page-contacts';
import type { UpdateContactRequest } from '@portal/domain/contracts/contacts/update-contact';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { ActivitiesRepository } from '../activities/activities.repository';
import { toActivityResponse } from '../activities/activity-response';
import { contactSearchPatterns } from './contact-search';
import type { ContactListRecord, ContactRecord, ContactScope, ContactValues, ContactsRepository, ListAudit } from './contacts.repository';
import { decodeCursor, isUuid, keysetPage } from './keyset-cursor';
import type { Caller } from '../../plugins/caller';

const AUDIT_ENTITY = 'contact';

const EDITABLE_FIELDS = [
  'contactType',
  'firstName',
  'lastName',
  'firstNameKh',
  'lastNameKh',
  'gender',
  'dateOfBirth',
  'phone',
  'email',
  'idType',
  'idNumber',
  'occupation',
  'address',
] as const satisfies readonly (keyof ContactValues)[];

export function toContactResponse(row: ContactRecord): ContactResponse {
  return {
    id: row.id,
    contactType: row.contactType,
    firstName: row.firstName,
    lastName: row.lastName,
    firstNameKh: row.firstNameKh,
    lastNameKh: row.lastNameKh,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    phone: row.phone,
    email: row.email,
    idType: row.idType,
    idNumber: row.idNumber,
    occupation: row.occupation,
    address: row.address,
    createdDate: instantToOffsetDateTime(row.createdDate),
    modifiedDate: instantToOffsetDateTime(row.modifiedDate),
    version: row.version,
  };
}

export function toContactSummary(row: ContactListRecord): ContactSummary {
  return {
    id: row.id,
    contactType: row.contactType,
    firstName: row.firstName,
    lastName: row.lastName,
    firstNameKh: row.firstNameKh,
    lastNameKh: row.lastNameKh,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    phone: row.phone,
    idType: row.idType,
    idNumber: row.idNumber,
  };
}

/** The request's fields as stored: absent optionals are cleared (null). */
function toValues(body: CreateContactRequest): ContactValues {
  return {
    contactType: body.contactType,
    firstName: body.firstName,
    lastName: body.lastName,
    firstNameKh: body.firstNameKh ?? null,
    lastNameKh: body.lastNameKh ?? null,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth,
    phone: body.phone,
    email: body.email ?? null,
    idType: body.idType ?? null,
    idNumber: body.idNumber ?? null,
    occupation: body.occupation ?? null,
    address: body.address ?? null,
  };
}

/**
 * Contacts: an advisor's own prospects. A contact the caller may not see (another
 * advisor's, removed, unknown, malformed id) is a 404, never a 403. Writes and reads of one
 * contact's personal data are audited (field names only, never values).
 */

export class ContactsService {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly activities: ActivitiesRepository,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private scope(caller: Caller): ContactScope {
    return { ownerUserId: caller.user.id };
  }

  private entry(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): AuditEntry {
    return { actorUserId: caller.user.id, action, entity: AUDIT_ENTITY, entityId: id, ip: caller.ip, details: details ?? null };
  }

  private record(caller: Caller, action: string, id: string, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record(this.entry(caller, action, id, details));
  }

  /** The visible contact or a 404. */
  async requireVisible(caller: Caller, id: string): Promise<ContactRecord> {
    const row = isUuid(id) ? await this.contacts.findVisible(this.scope(caller), id) : undefined;
    if (!row) throw AppError.http(404);
    return row;
  }

  async create(caller: Caller, body: CreateContactRequest): Promise<ContactResponse> {
    const values = toValues(body);
    const row = await this.audit.change(async () => {
      const inserted = await this.contacts.insert({
        ...values,
        ownerUserId: caller.user.id,
        agencyId: caller.user.agencyId,
        at: this.now(),
      });
      await this.record(caller, 'create', inserted.id, { fields: EDITABLE_FIELDS.filter((f) => values[f] !== null) });
      return inserted;
    });
    return toContactResponse(row);
  }

  async update(caller: Caller, id: string, body: UpdateContactRequest): Promise<ContactResponse> {
    const before = await this.requireVisible(caller, id);
    if (before.version !== body.version) throw AppError.http(409);
    const values = toValues(body);
    const row = await this.audit.change(async () => {
      const updated = await this.contacts.update(this.scope(caller), id, body.version, { ...values, by: caller.user.id, at: this.now() });
      if (updated) await this.record(caller, 'update', id, { fields: EDITABLE_FIELDS.filter((f) => before[f] !== values[f]) });
      return updated;
    });
    // Changed (or removed) between our read and the write.
    if (!row) throw (await this.contacts.findVisible(this.scope(caller), id)) ? AppError.http(409) : AppError.http(404);
    return toContactResponse(row);
  }

  async remove(caller: Caller, id: string): Promise<{ id: string; removed: true }> {
    const removed =
      isUuid(id) &&
      (await this.audit.change(async () => {
        const done = await this.contacts.softDelete(this.scope(caller), id, caller.user.id, this.now());
        if (done) await this.record(caller, 'delete', id);
        return done;
      }));
    if (!removed) throw AppError.http(404);
    return { id, removed: true };
  }

  async find(caller: Caller, id: string): Promise<ContactResponse> {
    const row = await this.requireVisible(caller, id);
    await this.record(caller, 'read', id);
    return toContactResponse(row);
  }

  async findWithActivities(caller: Caller, id: string): Promise<FindContactWithActivitiesResponse> {
    const row = await this.requireVisible(caller, id);
    const activities = await this.activities.listForContact(caller.user.id, id, CONTACT_DETAIL_MAX_ACTIVITIES);
    await this.record(caller, 'read', id, { with: ['activities'] });
    return { ...toContactResponse(row), activities: activities.map(toActivityResponse) };
  }

  /** The audit row of a list the caller reads: the contacts it shows are added by the read itself. */
  private listAudit(caller: Caller, view: 'page' | 'search', shown: number): ListAudit {
    return { row: this.audit.rowOf(this.entry(caller, 'read', null, { view })), shown };
  }

  async page(caller: Caller, query: PageContactsQuery): Promise<PageContactsResponse> {
    const rows = await this.contacts.page(
      this.scope(caller),
      query.page * query.size,
      query.size + 1,
      this.listAudit(caller, 'page', query.size),
    );
    return {
      items: rows.slice(0, query.size).map(toContactSummary),
      page: query.page,
      size: query.size,
      hasNext: rows.length > query.size,
    };
  }

  async search(caller: Caller, query: FindContactsQuery): Promise<FindContactsResponse> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await this.contacts.search(
      this.scope(caller),
      {
        ...(query.q === undefined ? {} : { patterns: contactSearchPatterns(query.q) }),
        ...(query.contactType === undefined ? {} : { contactType: query.contactType }),
        ...(query.gender === undefined ? {} : { gender: query.gender }),
        ...(after === undefined ? {} : { after }),
      },
      query.size + 1,
      // The term itself is not recorded: it is part of a name or a phone number.
      this.listAudit(caller, 'search', query.size),
    );
    return keysetPage(rows, query.size, (row) => ({ at: new Date(row.modifiedDate), id: row.id }), toContactSummary);
  }
}
