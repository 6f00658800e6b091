import { describe, expect, it } from 'vitest';
import { createActivityRequestSchema } from '@portal/domain/contracts/activities/create-activity';
import type { ContactResponse } from '@portal/domain/contracts/contacts/create-contact';
import { updateContactRequestSchema } from '@portal/domain/contracts/contacts/update-contact';
import {
  activityResolver,
  convertPickerValue,
  newActivityValues,
  toActivityBody,
  toPickerValue,
  toWireDateTime,
  type ActivityFormValues,
} from './activity-form-values';
import { activityWhen } from './activity-when';
import { autoSlashDate, changedFields, phoneForInput, toContactFormValues } from './contact-form-values';

const stored: ContactResponse = {
  id: 'c1',
  contactType: 'policyOwner',
  firstName: 'Dara',
  lastName: 'Chan',
  firstNameKh: 'តារា',
  lastNameKh: null,
  gender: 'M',
  dateOfBirth: '1980-05-02',
  phone: '+855971234567',
  email: null,
  idType: '6',
  idNumber: '123/45/2001',
  occupation: null,
  address: null,
  createdDate: '2026-11-21T09:00:00+07:00',
  modifiedDate: '2026-11-21T09:00:00+07:00',
  version: 3,
};

describe('contact form values', () => {
  it('adds the slashes of DD/MM/YYYY while typing forward, and leaves other edits alone', () => {
    expect(autoSlashDate('2', '21')).toBe('21/');
    expect(autoSlashDate('21/0', '21/03')).toBe('21/03/');
    expect(autoSlashDate('21/03/', '21/03/1')).toBe('21/03/1');
    expect(autoSlashDate('21/', '21')).toBe('21'); // deleting
    expect(autoSlashDate('', '21/03/1990')).toBe('21/03/1990'); // pasted
    expect(autoSlashDate('', '1990-03-21')).toBe('1990-03-21');
  });

  it('shows a stored phone as typed digits and hyphens, grouped as displayed', () => {
    expect(phoneForInput('+85512345678')).toBe('012-345-678');
    expect(phoneForInput('+855971234567')).toBe('097-123-4567');
  });

  it('turns a stored contact into values the update contract accepts unchanged', () => {
    const values = toContactFormValues(stored);
    expect(values).toMatchObject({ dateOfBirth: '02/05/1980', phone: '097-123-4567', lastNameKh: '', email: '', version: 3 });
    const parsed = updateContactRequestSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.phone).toBe(stored.phone);
    expect(parsed.data?.dateOfBirth).toBe(stored.dateOfBirth);
  });

  it('names the fields whose saved value differs', () => {
    const before = toContactFormValues(stored);
    const after = toContactFormValues({ ...stored, email: 'dara@example.com', occupation: 'Farmer', version: 4 });
    expect(changedFields(after, before)).toEqual(['email', 'occupation']);
  });
});

describe('activity form values', () => {
  it('sends picker values with the +07:00 offset; a whole day from its start', () => {
    expect(toWireDateTime('2026-11-21T09:30', 'timed')).toBe('2026-11-21T09:30:00+07:00');
    expect(toWireDateTime('2026-11-21', 'allDay')).toBe('2026-11-21T00:00:00+07:00');
    expect(toWireDateTime('2026-11-21T09:30', 'allDay')).toBe('2026-11-21T00:00:00+07:00');
    expect(toWireDateTime('', 'timed')).toBe('');
  });

  it('shows stored date-times as Phnom Penh wall-clock time in the pickers', () => {
    expect(toPickerValue('2026-11-21T02:30:00Z', 'timed')).toBe('2026-11-21T09:30');
    expect(toPickerValue('2026-11-21T00:00:00+07:00', 'allDay')).toBe('2026-11-21');
    expect(convertPickerValue('2026-11-21', 'timed', '09:00')).toBe('2026-11-21T09:00');
    expect(convertPickerValue('2026-11-21T14:00', 'allDay', '09:00')).toBe('2026-11-21');
  });

  it('starts a new activity at the next full hour, for an hour', () => {
    const values = newActivityValues(new Date('2026-11-21T02:10:00Z'));
    expect(values).toMatchObject({ dayType: 'timed', start: '2026-11-21T10:00', end: '2026-11-21T11:00' });
  });

  it('checks the body with the contract and puts its issues on the form fields', async () => {
    const resolve = activityResolver('c1', createActivityRequestSchema);
    const values: ActivityFormValues = {
      activityType: '',
      dayType: 'timed',
      start: '2026-11-21T10:00',
      end: '2026-11-21T09:00',
      notes: 'x'.repeat(301),
    };
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.activityType?.message).toBe('required');
    expect(result.errors.notes?.message).toBe('maxlength');
    // The contract compares start and end once every field is valid.
    const backwards = await resolve({ ...values, activityType: 'call', notes: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(backwards.errors.end?.message).toBe('min');
    const ok = await resolve({ ...values, activityType: 'call', end: '2026-11-21T11:00', notes: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok.errors).toEqual({});
    expect(toActivityBody({ ...values, activityType: 'call' }, 'c1')).toMatchObject({
      contactId: 'c1',
      startDate: '2026-11-21T10:00:00+07:00',
    });
  });

  it('says when an activity takes place, DD/MM/YYYY', () => {
    expect(activityWhen({ dayType: 'allDay', startDate: '2026-11-21T00:00:00+07:00', endDate: '2026-11-21T00:00:00+07:00' })).toBe(
      '21/11/2026',
    );
    expect(activityWhen({ dayType: 'allDay', startDate: '2026-11-21T00:00:00+07:00', endDate: '2026-11-23T00:00:00+07:00' })).toBe(
      '21/11/2026 – 23/11/2026',
    );
    expect(activityWhen({ dayType: 'timed', startDate: '2026-11-21T09:00:00+07:00', endDate: '2026-11-21T10:30:00+07:00' })).toBe(
      '21/11/2026 09:00–10:30',
    );
  });
});

describe('server field errors', () => {
  it('puts a 422 field error on its field and keeps the others for the banner', async () => {
    const { ApiError } = await import('../../../lib/api-client');
    const { applyServerFieldErrors } = await import('./form-errors');
    const set: [string, string | undefined][] = [];
    const error = new ApiError({
      status: 422,
      code: 422,
      messageKey: 'validation_failed',
      errors: [
        { field: 'phone', key: 'invalid' },
        { field: 'owner', key: 'required' },
      ],
    });
    const result = applyServerFieldErrors(
      error,
      (name, value) => {
        set.push([name, value.message]);
      },
      ['phone', 'email'],
    );
    expect(set).toEqual([['phone', 'invalid']]);
    expect(result).toEqual({ placed: 1, unplaced: ['required'] });
  });
});
