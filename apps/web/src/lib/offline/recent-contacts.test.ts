import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ID_TYPE_NATIONAL_ID } from '@portal/domain/codes/identification-types';
import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import { importOfflineKey } from './offline-crypto';
import { deleteOfflineDb, getAll, RECENT_STORE } from './offline-db';
import { readRecentContacts, RECENT_CONTACTS_LIMIT, saveRecentContacts } from './recent-contacts';

const KEY_A = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const KEY_B = 'HwAeHRwbGhkYFxYVFBMSERAPDg0MCwoJCAcGBQQDAgE';

function person(n: number): ContactSummary {
  return {
    id: `c-${n}`,
    contactType: 'lifeInsured',
    firstName: `Sokha${n}`,
    lastName: 'Chan',
    firstNameKh: null,
    lastNameKh: null,
    gender: 'F',
    dateOfBirth: '1990-01-02',
    phone: '+85512345678',
    idType: ID_TYPE_NATIONAL_ID,
    idNumber: 'ID-998877',
  };
}

beforeEach(async () => {
  await deleteOfflineDb();
});

describe('recent contacts kept offline', () => {
  it('are stored sealed, without the ID document, at most the limit', async () => {
    const key = await importOfflineKey(KEY_A);
    await saveRecentContacts(
      'u1',
      Array.from({ length: RECENT_CONTACTS_LIMIT + 5 }, (_, i) => person(i)),
      key,
    );
    const stored = JSON.stringify(await getAll(RECENT_STORE));
    expect(stored).not.toContain('Sokha');
    expect(stored).not.toContain('+85512345678');
    const read = await readRecentContacts('u1', key);
    expect(read?.contacts).toHaveLength(RECENT_CONTACTS_LIMIT);
    expect(read?.contacts[0]).toEqual({ ...person(0), idType: null, idNumber: null });
  });

  it('are not given to another advisor or read with another key', async () => {
    const key = await importOfflineKey(KEY_A);
    await saveRecentContacts('u1', [person(1)], key);
    expect(await readRecentContacts('u2', key)).toBeNull();
    expect(await readRecentContacts('u1', await importOfflineKey(KEY_B))).toBeNull();
    expect(await readRecentContacts('u1', null)).toBeNull();
  });
});
