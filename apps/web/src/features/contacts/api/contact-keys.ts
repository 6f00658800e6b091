import type { ContactType, Gender } from '@portal/domain/codes/client';

/** Query keys of the contacts feature; a mutation invalidates the ones it affects. */
export interface ContactListKeyFilters {
  q: string;
  contactType: ContactType | undefined;
  gender: Gender | undefined;
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filters: ContactListKeyFilters) => [...contactKeys.lists(), filters] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: string) => [...contactKeys.details(), id] as const,
};

export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  byContact: (contactId: string) => [...activityKeys.lists(), { contactId }] as const,
  details: () => [...activityKeys.all, 'detail'] as const,
  detail: (id: string) => [...activityKeys.details(), id] as const,
};
