import { isContactType, isGender, type ContactType, type Gender } from '@portal/domain/codes/client';

/** The contact list's URL parameters: the applied search term and the two filters. */
export const LIST_PARAMS = { q: 'q', type: 'type', gender: 'gender' } as const;

/** The filters a list URL chooses (an unknown value is no filter). */
export function listChoicesOf(params: URLSearchParams): { contactType: ContactType | undefined; gender: Gender | undefined } {
  const type = params.get(LIST_PARAMS.type);
  const gender = params.get(LIST_PARAMS.gender);
  return { contactType: isContactType(type) ? type : undefined, gender: isGender(gender) ? gender : undefined };
}
