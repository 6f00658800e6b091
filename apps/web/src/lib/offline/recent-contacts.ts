import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import { seal, unseal, type Sealed } from './offline-crypto';
import { getOne, put, RECENT_STORE } from './offline-db';
import { currentOfflineKey } from './offline-key';

/**
 * The advisor's most recent contacts, kept so the contact list (and the quote form's people)
 * open without network. Only what those screens show or quote with is kept: names, type, gender,
 * date of birth and phone; the ID document is left out. Sealed with the offline key.
 */
export const RECENT_CONTACTS_LIMIT = 20;

interface RecentRecord {
  id: 'contacts';
  owner: string;
  savedAt: number;
  sealed: Sealed;
}

export function trimForOffline(contact: ContactSummary): ContactSummary {
  return { ...contact, idType: null, idNumber: null };
}

export async function saveRecentContacts(owner: string, contacts: readonly ContactSummary[], key = currentOfflineKey()): Promise<void> {
  if (!key) return;
  const record: RecentRecord = {
    id: 'contacts',
    owner,
    savedAt: Date.now(),
    sealed: await seal(key, contacts.slice(0, RECENT_CONTACTS_LIMIT).map(trimForOffline)),
  };
  await put(RECENT_STORE, record);
}

/** The kept contacts, or null when there are none for this advisor or the page has no key. */
export async function readRecentContacts(
  owner: string,
  key = currentOfflineKey(),
): Promise<{ contacts: ContactSummary[]; savedAt: number } | null> {
  if (!key) return null;
  const record = await getOne<RecentRecord>(RECENT_STORE, 'contacts');
  if (!record || record.owner !== owner) return null;
  try {
    return { contacts: await unseal<ContactSummary[]>(key, record.sealed), savedAt: record.savedAt };
  } catch {
    return null;
  }
}
