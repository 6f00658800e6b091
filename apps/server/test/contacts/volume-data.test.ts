import { describe, expect, it } from 'vitest';
import { createActivityRequestSchema } from '@portal/domain/contracts/activities/create-activity';
import { createContactRequestSchema } from '@portal/domain/contracts/contacts/create-contact';
import { nationalNumber } from '@portal/domain/format/phone';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { seededRandom, VolumeData } from '../../src/commands/volume-data';

/** The volume generator (npm run seed:volume) makes only contacts and activities the API itself would accept. */
describe('volume data', () => {
  const now = new Date('2026-11-21T05:00:00Z');

  it('every generated contact passes the create contract', () => {
    const data = new VolumeData(seededRandom(7));
    const failures: unknown[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const c = data.contact(now);
      const input = { ...c, phone: `0${nationalNumber(c.phone) ?? 'x'}`, createdDate: undefined, modifiedDate: undefined };
      const parsed = createContactRequestSchema.safeParse(input);
      if (!parsed.success) failures.push([c, parsed.error.issues]);
      else expect(parsed.data.phone).toBe(c.phone);
      expect(c.modifiedDate.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(failures).toEqual([]);
  });

  it('every generated activity passes the create contract', () => {
    const data = new VolumeData(seededRandom(8));
    for (let i = 0; i < 1000; i += 1) {
      const a = data.activity(now);
      const parsed = createActivityRequestSchema.safeParse({
        ...a,
        contactId: 'c',
        startDate: instantToOffsetDateTime(a.startDate),
        endDate: instantToOffsetDateTime(a.endDate),
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('is deterministic for a seed', () => {
    expect(new VolumeData(seededRandom(1)).contact(now)).toEqual(new VolumeData(seededRandom(1)).contact(now));
  });
});
