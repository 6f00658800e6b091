import type { ActivityType, DayType } from '@portal/domain/codes/activity-types';
import type { ContactType, Gender } from '@portal/domain/codes/client';
import type { IdentificationType } from '@portal/domain/codes/identification-types';

/** Text keys of the code lists a contact shows (written out: the i18n test reads the literals). */
export const CONTACT_TYPE_LABELS: Readonly<Record<ContactType, string>> = {
  lifeInsured: 'contacts:type_lifeInsured',
  policyOwner: 'contacts:type_policyOwner',
};

export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  M: 'contacts:gender_M',
  F: 'contacts:gender_F',
};

export const ID_TYPE_LABELS: Readonly<Record<IdentificationType, string>> = {
  '1': 'contacts:id_type_1',
  '2': 'contacts:id_type_2',
  '4': 'contacts:id_type_4',
  '6': 'contacts:id_type_6',
};

/** What the ID number must look like for each type (spec §5), shown under the field. */
export const ID_NUMBER_HINTS: Readonly<Record<IdentificationType, string>> = {
  '1': 'contacts:id_number_hint_1',
  '2': 'contacts:id_number_hint_2',
  '4': 'contacts:id_number_hint_4',
  '6': 'contacts:id_number_hint_6',
};

/** A contact field's label (the form's labels, also used to name fields in messages). */
export const CONTACT_FIELD_LABELS = {
  contactType: 'contacts:field_contactType',
  firstName: 'contacts:field_firstName',
  lastName: 'contacts:field_lastName',
  firstNameKh: 'contacts:field_firstNameKh',
  lastNameKh: 'contacts:field_lastNameKh',
  gender: 'contacts:field_gender',
  dateOfBirth: 'contacts:field_dateOfBirth',
  phone: 'contacts:field_phone',
  email: 'contacts:field_email',
  idType: 'contacts:field_idType',
  idNumber: 'contacts:field_idNumber',
  occupation: 'contacts:field_occupation',
  address: 'contacts:field_address',
} as const;

export const ACTIVITY_TYPE_LABELS: Readonly<Record<ActivityType, string>> = {
  call: 'contacts:activity_type_call',
  meeting: 'contacts:activity_type_meeting',
  presentation: 'contacts:activity_type_presentation',
  followUp: 'contacts:activity_type_followUp',
  other: 'contacts:activity_type_other',
};

export const DAY_TYPE_LABELS: Readonly<Record<DayType, string>> = {
  allDay: 'contacts:day_type_allDay',
  timed: 'contacts:day_type_timed',
};
