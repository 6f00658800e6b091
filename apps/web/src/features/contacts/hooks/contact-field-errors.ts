import { ID_TYPE_BIRTH_CERTIFICATE } from '@portal/domain/codes/identification-types';
import { EMAIL_MAX_LENGTH, ID_NUMBER_LENGTH } from '@portal/domain/constants/field-limits';
import { CONTACT_LIMITS } from '@portal/domain/contracts/contacts/contact-fields';
import { translateFormError } from '../../../lib/i18n';
import type { ContactFormField } from './contact-form-values';

const MAX_LENGTHS: Partial<Record<ContactFormField, number>> = {
  firstName: CONTACT_LIMITS.name,
  lastName: CONTACT_LIMITS.name,
  firstNameKh: CONTACT_LIMITS.name,
  lastNameKh: CONTACT_LIMITS.name,
  phone: CONTACT_LIMITS.phone,
  email: EMAIL_MAX_LENGTH,
  occupation: CONTACT_LIMITS.occupation,
  address: CONTACT_LIMITS.address,
};

/**
 * A field's error key (from the contract, or from a 422) as text next to the field: the
 * `validation` namespace, with the limit where the key has one.
 */
export function contactFieldErrorText(field: ContactFormField, key: string | undefined, idType: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (field === 'idNumber' && idType !== ID_TYPE_BIRTH_CERTIFICATE) {
    if (key === 'minlength') return translateFormError('minlength_n', { min: ID_NUMBER_LENGTH });
    if (key === 'maxlength') return translateFormError('maxlength_n', { max: ID_NUMBER_LENGTH });
  }
  if (field === 'idNumber' && idType === ID_TYPE_BIRTH_CERTIFICATE && key === 'invalid') {
    return translateFormError('document_birth_cert_invalid');
  }
  const max = MAX_LENGTHS[field];
  if (key === 'maxlength' && max !== undefined) return translateFormError('maxlength_n', { max });
  return translateFormError(key);
}
