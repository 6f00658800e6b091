import type { ActivityResponse } from '@portal/domain/contracts/activities/create-activity';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import type { ActivityRecord } from './activities.repository';

/** A stored activity as the API answers it: Phnom Penh times with the +07:00 offset. */
export function toActivityResponse(row: ActivityRecord): ActivityResponse {
  return {
    id: row.id,
    contactId: row.contactId,
    activityType: row.activityType,
    dayType: row.dayType,
    startDate: instantToOffsetDateTime(row.startDate),
    endDate: instantToOffsetDateTime(row.endDate),
    notes: row.notes,
    createdDate: instantToOffsetDateTime(row.createdDate),
    modifiedDate: instantToOffsetDateTime(row.modifiedDate),
    version: row.version,
  };
}
