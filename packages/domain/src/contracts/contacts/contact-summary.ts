import * as z from 'zod';
import { CONTACT_TYPES, GENDERS } from '../../codes/client';
import { IDENTIFICATION_TYPES } from '../../codes/identification-types';

/**
 * A contact as lists show it (v1 page, v2 find): who, how to reach them, which ID. The detail
 * (find/{id}) has every field. Kept small: a page of 50 travels over 3G and is built per keystroke
 * of a search. `phone` is E.164, `dateOfBirth` YYYY-MM-DD.
 */
export const contactSummarySchema = z.object({
  id: z.string(),
  contactType: z.enum(CONTACT_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  firstNameKh: z.string().nullable(),
  lastNameKh: z.string().nullable(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string(),
  phone: z.string(),
  idType: z.enum(IDENTIFICATION_TYPES).nullable(),
  idNumber: z.string().nullable(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;
