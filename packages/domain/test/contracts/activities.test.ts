import { describe, expect, it } from 'vitest';
import { createActivityRequestSchema } from '@portal/domain/contracts/activities/create-activity';
import { findActivitiesQuerySchema } from '@portal/domain/contracts/activities/find-activities';
import { parseActivityDateTime } from '@portal/domain/contracts/activities/activity-fields';
import { updateActivityRequestSchema } from '@portal/domain/contracts/activities/update-activity';

const valid = {
  contactId: 'c1',
  activityType: 'call',
  dayType: 'timed',
  startDate: '2026-11-21T09:00:00+07:00',
  endDate: '2026-11-21T09:30:00+07:00',
};

function issues(
  input: unknown,
  s: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } } = createActivityRequestSchema,
) {
  return s.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('sales activity contracts', () => {
  it('normalises dates to Phnom Penh time with the +07:00 offset', () => {
    expect(
      createActivityRequestSchema.parse({ ...valid, startDate: '2026-11-21T01:00Z', endDate: '22/11/2026', dayType: 'allDay' }),
    ).toMatchObject({ startDate: '2026-11-21T08:00:00+07:00', endDate: '2026-11-22T00:00:00+07:00' });
  });

  it('refuses an end before the start (`min` on endDate) but accepts equal dates', () => {
    expect(issues({ ...valid, endDate: '2026-11-21T08:59:59+07:00' })).toEqual([['endDate', 'min']]);
    expect(issues({ ...valid, endDate: valid.startDate })).toEqual([]);
  });

  it.each([
    '2026-11-21T09:00:00',
    '2026-02-29T09:00:00+07:00',
    '2026-11-21T24:00:00+07:00',
    '2026-11-21 09:00',
    'soon',
    '2026-11-21T09:00:00+15:00',
  ])('date-time %j is invalid', (value) => {
    expect(parseActivityDateTime(value)).toBeNull();
    expect(issues({ ...valid, startDate: value })).toEqual([['startDate', 'invalid']]);
  });

  it('codes, notes and required fields', () => {
    expect(issues({})).toEqual(['contactId', 'activityType', 'dayType', 'startDate', 'endDate'].map((f) => [f, 'required']));
    expect(issues({ ...valid, activityType: 'lunch', dayType: 'halfDay' })).toEqual([
      ['activityType', 'invalid'],
      ['dayType', 'invalid'],
    ]);
    expect(issues({ ...valid, notes: 'n'.repeat(301) })).toEqual([['notes', 'maxlength']]);
    expect(createActivityRequestSchema.parse({ ...valid, notes: '  ' }).notes).toBeUndefined();
    expect(issues({ ...valid }, updateActivityRequestSchema)).toEqual([['version', 'required']]);
  });

  it('the list query: dates, order, size, and to not before from', () => {
    expect(findActivitiesQuerySchema.parse({ from: '01/11/2026', to: '2026-11-30', size: '5' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      order: 'recent',
      size: 5,
    });
    expect(issues({ from: '2026-11-30', to: '2026-11-01' }, findActivitiesQuerySchema)).toEqual([['to', 'min']]);
    expect(issues({ order: 'soonest' }, findActivitiesQuerySchema)).toEqual([['order', 'invalid']]);
  });
});
