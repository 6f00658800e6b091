import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import type { ContactResponse } from '@portal/domain/contracts/contacts/create-contact';
import { readProfile } from '../session';
import { currentOfflineKey, offlineKey } from './offline-key';
import { LOCAL_REF, listOutbox, openOutboxItem, type OutboxRecord } from './outbox';
import { readRecentContacts, saveRecentContacts } from './recent-contacts';

/**
 * Contacts as the screens see them without network: the recent ones kept on the phone, and
 * those made offline (still in the outbox), whose id is `local:<outbox id>` until they are sent.
 */
export interface KeptContact extends ContactSummary {
  /** The outbox item, for a contact not sent yet. */
  outbox?: OutboxRecord;
}

function owner(): string | null {
  return readProfile()?.id ?? null;
}

function asSummary(id: string, body: Record<string, unknown>): ContactSummary {
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
  const orNull = (field: string) => (typeof body[field] === 'string' && body[field] !== '' ? (body[field] as string) : null);
  return {
    id,
    contactType: (text('contactType') || 'lifeInsured') as ContactSummary['contactType'],
    firstName: text('firstName'),
    lastName: text('lastName'),
    firstNameKh: orNull('firstNameKh'),
    lastNameKh: orNull('lastNameKh'),
    gender: (text('gender') || 'M') as ContactSummary['gender'],
    dateOfBirth: text('dateOfBirth'),
    phone: text('phone'),
    idType: null,
    idNumber: null,
  };
}

/** The contacts made offline and not sent yet, newest first (empty without the key). */
export async function waitingContacts(): Promise<KeptContact[]> {
  const user = owner();
  const key = currentOfflineKey();
  if (!user || !key) return [];
  const records = (await listOutbox(user)).filter((r) => r.kind === 'contact');
  const contacts = await Promise.all(
    records.map(async (record) => {
      const content = await openOutboxItem(record, key).catch(() => null);
      return content ? { ...asSummary(`${LOCAL_REF}${record.id}`, content.body), outbox: record } : null;
    }),
  );
  return contacts.filter((c): c is NonNullable<typeof c> => c !== null).reverse();
}

/** The recent contacts kept on the phone, or null. */
export async function keptRecentContacts(): Promise<ContactSummary[] | null> {
  const user = owner();
  if (!user) return null;
  return (await readRecentContacts(user))?.contacts ?? null;
}

/** One contact without network, as the detail and activity screens read it; null when not kept. */
export async function keptContact(id: string): Promise<ContactResponse | null> {
  const found = id.startsWith(LOCAL_REF)
    ? (await waitingContacts()).find((c) => c.id === id)
    : (await keptRecentContacts())?.find((c) => c.id === id);
  if (!found) return null;
  const { outbox: _outbox, ...summary } = found as KeptContact;
  return { ...summary, email: null, occupation: null, address: null, createdDate: '', modifiedDate: '', version: 0 };
}

/** Keeps the first page of the contact list (the most recent contacts) for use without network. */
export function keepRecentContacts(contacts: readonly ContactSummary[]): void {
  const user = owner();
  // The key is asked for if this page has none yet (the list just came, so there is network).
  if (user)
    void offlineKey().then(
      (key) => saveRecentContacts(user, contacts, key),
      () => undefined,
    );
}

export interface WaitingActivity {
  record: OutboxRecord;
  label: string;
  notes: string | null;
  startDate: string;
}

/** The sales activities made offline for a contact (a kept one or one made offline), oldest first. */
export async function waitingActivities(contactId: string): Promise<WaitingActivity[]> {
  const user = owner();
  const key = currentOfflineKey();
  if (!user || !key) return [];
  const found: WaitingActivity[] = [];
  for (const record of (await listOutbox(user)).filter((r) => r.kind === 'activity')) {
    const content = await openOutboxItem(record, key).catch(() => null);
    if (!content || content.body.contactId !== contactId) continue;
    const { notes, startDate } = content.body;
    found.push({
      record,
      label: content.label,
      notes: typeof notes === 'string' && notes !== '' ? notes : null,
      startDate: typeof startDate === 'string' ? startDate : '',
    });
  }
  return found;
}
