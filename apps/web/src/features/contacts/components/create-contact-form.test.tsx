// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { KeptItem } from '../../../components/ui/kept-item';
import { i18n } from '../../../lib/i18n';
import { importOfflineKey } from '../../../lib/offline/offline-crypto';
import { deleteOfflineDb, OUTBOX_STORE, put } from '../../../lib/offline/offline-db';
import { setOfflineKey } from '../../../lib/offline/offline-key';
import { addToOutbox, findOutboxItem, LOCAL_REF, type OutboxRecord } from '../../../lib/offline/outbox';
import { apiError, json, standInFetch } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { CREATE_ACTIVITY_PATH } from '../api/create-activity';
import { CREATE_CONTACT_PATH } from '../api/create-contact';
import { CreateContactForm } from './create-contact-form';

const OWNER = 'user-1';
/** A field's label as the form shows it (a required one ends with an asterisk). */
const label = (key: string) => new RegExp(`^${i18n.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const kept = {
  contactType: 'lifeInsured',
  firstName: 'Sokha',
  lastName: 'Chan',
  gender: 'F',
  dateOfBirth: '21/03/1990',
  phone: '012-345-67',
};

/** A contact made offline and refused by the server for its phone, with an activity waiting for it. */
async function refusedContact(): Promise<OutboxRecord> {
  const key = await importOfflineKey(KEY);
  setOfflineKey(key);
  const contact = await addToOutbox({ owner: OWNER, kind: 'contact', path: CREATE_CONTACT_PATH, body: kept, label: 'Sokha Chan' }, key);
  await addToOutbox(
    { owner: OWNER, kind: 'activity', path: CREATE_ACTIVITY_PATH, body: { contactId: `${LOCAL_REF}${contact.id}` }, label: 'Call' },
    key,
  );
  const refused: OutboxRecord = {
    ...contact,
    state: 'conflict',
    problem: { status: 422, messageKey: 'validation', errors: [{ field: 'phone', key: 'invalid' }] },
  };
  await put(OUTBOX_STORE, refused);
  return refused;
}

function Correcting({ id }: { id: string }) {
  return (
    <KeptItem id={id} kind="contact" backTo="/home/contact">
      {(record, content) => <CreateContactForm revising={{ id: record.id, body: content.body, problem: record.problem }} />}
    </KeptItem>
  );
}

beforeEach(async () => {
  await deleteOfflineDb();
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify({ id: OWNER, username: 'dara', roles: ['ROLE_AAP'] }));
});

afterEach(() => {
  setOfflineKey(null);
  localStorage.clear();
});

describe('a contact kept on the phone and refused by the server', () => {
  it('opens in its form with the refusal on the field, and once corrected is sent with its activity', async () => {
    const record = await refusedContact();
    const network = standInFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/product/v1/') return json(200, { catalogueVersion: '2026.1', products: [], riders: [] });
      if (path === CREATE_CONTACT_PATH) return json(201, { id: 'server-contact' });
      if (path === CREATE_ACTIVITY_PATH) return json(201, { id: 'server-activity' });
      return undefined;
    });
    const { user, router } = await renderScreen(<Correcting id={record.id} />, { route: '/home/contact/contact-new' });

    const phone = await screen.findByLabelText(label('contacts:field_phone'));
    expect((screen.getByLabelText(label('contacts:field_lastName')) as HTMLInputElement).value).toBe('Chan');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(i18n.t('validation:invalid'), { exact: true })).toBeTruthy();

    await user.clear(phone);
    await user.type(phone, '012-345-678');
    await user.click(screen.getByRole('button', { name: i18n.t('contacts:save_new') }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home/contact'));
    const sent = network.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      [
        CREATE_CONTACT_PATH,
        {
          ...kept,
          phone: '012-345-678',
          firstNameKh: '',
          lastNameKh: '',
          email: '',
          idType: '',
          idNumber: '',
          occupation: '',
          address: '',
        },
      ],
      [CREATE_ACTIVITY_PATH, { contactId: 'server-contact' }],
    ]);
    // A new Idempotency-Key: the refused call's answer is not replayed.
    expect(sent[0]?.headers.get('Idempotency-Key')).not.toBe(record.idempotencyKey);
    expect(await findOutboxItem(record.id)).toBeUndefined();
  });

  it('refused again: stays, says why on the field, and nothing is lost', async () => {
    const record = await refusedContact();
    standInFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/product/v1/') return json(200, { catalogueVersion: '2026.1', products: [], riders: [] });
      if (path === CREATE_CONTACT_PATH) return apiError(422, 'validation', { errors: [{ field: 'lastName', key: 'maxlength' }] });
      return undefined;
    });
    const { user, router } = await renderScreen(<Correcting id={record.id} />, { route: '/home/contact/contact-new' });
    const phone = await screen.findByLabelText(label('contacts:field_phone'));
    await user.clear(phone);
    await user.type(phone, '012-345-678');
    await user.click(screen.getByRole('button', { name: i18n.t('contacts:save_new') }));

    const lastName = screen.getByLabelText(label('contacts:field_lastName'));
    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    expect(router.state.location.pathname).toBe('/home/contact/contact-new');
    expect(await findOutboxItem(record.id)).toMatchObject({
      state: 'conflict',
      problem: { errors: [{ field: 'lastName', key: 'maxlength' }] },
    });
  });
});
