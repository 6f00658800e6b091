import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { importOfflineKey } from './offline-crypto';
import { deleteOfflineDb, getAll, OUTBOX_STORE, put, RECENT_STORE } from './offline-db';
import { eraseOfflineData } from './erase-offline-data';
import { addToOutbox, flushOutbox, LOCAL_REF, listOutbox, type OutboxRecord, type Sender } from './outbox';

const OWNER = 'user-1';
const KEY_A = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const KEY_B = 'HwAeHRwbGhkYFxYVFBMSERAPDg0MCwoJCAcGBQQDAgE';

interface SentCall {
  path: string;
  body: unknown;
  idempotencyKey: string;
}

/** A stand-in server: records each call and answers as `answer` says. */
function server(answer: (call: SentCall, n: number) => unknown = (_call, n) => ({ id: `server-${n}` })) {
  const calls: SentCall[] = [];
  const send: Sender = async (path, body, idempotencyKey) => {
    const call = { path, body, idempotencyKey };
    calls.push(call);
    const result = answer(call, calls.length);
    if (result instanceof Error) throw result;
    return { status: 201, body: result };
  };
  return { calls, send };
}

const contact = { firstName: 'Sokha', lastName: 'Chan', phone: '012345678' };

beforeEach(async () => {
  await deleteOfflineDb();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the outbox', () => {
  it('keeps the body and label only as AES-GCM ciphertext in IndexedDB', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: contact, label: 'Sokha Chan' }, key);
    const [stored] = await getAll<Record<string, unknown>>(OUTBOX_STORE);
    expect(stored).toBeDefined();
    const text = JSON.stringify(stored);
    expect(text).not.toContain('Sokha');
    expect(text).not.toContain('012345678');
    const sealed = stored!.sealed as { iv: Uint8Array; data: ArrayBuffer };
    expect(sealed.iv).toHaveLength(12);
    const bytes = new TextDecoder('latin1').decode(new Uint8Array(sealed.data));
    expect(bytes).not.toContain('Sokha');
    // 16 bytes of GCM tag beyond the JSON's length.
    expect(sealed.data.byteLength).toBe(JSON.stringify({ body: contact, label: 'Sokha Chan' }).length + 16);
  });

  it('refuses to keep anything without a key', async () => {
    await expect(addToOutbox({ owner: OWNER, kind: 'contact', path: '/x', body: {}, label: '' }, null)).rejects.toThrow(/offline key/);
  });

  it('sends each item with the key it was made with and removes it once the server has it', async () => {
    const key = await importOfflineKey(KEY_A);
    const made = await addToOutbox(
      { owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: contact, label: 'Sokha Chan' },
      key,
    );
    expect(made.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    const { calls, send } = server();
    const report = await flushOutbox({ owner: OWNER, key, send });
    expect(report).toEqual({ sent: 1, conflicts: 0 });
    expect(calls).toEqual([{ path: '/api/contact/v1/create', body: contact, idempotencyKey: made.idempotencyKey }]);
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('keeps a 409 as a conflict with its reason, and does not send it again by itself', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'proposal', path: '/api/proposal/v1/create', body: { a: 1 }, label: 'Quote' }, key);
    const refusing = server(() => new ApiError({ status: 409, code: 409, messageKey: 'conflict' }));
    expect(await flushOutbox({ owner: OWNER, key, send: refusing.send })).toEqual({ sent: 0, conflicts: 1 });
    const [kept] = await listOutbox(OWNER);
    expect(kept).toMatchObject({ state: 'conflict', problem: { status: 409, messageKey: 'conflict' } });
    const later = server();
    await flushOutbox({ owner: OWNER, key, send: later.send });
    expect(later.calls).toHaveLength(0);
    expect(await listOutbox(OWNER)).toHaveLength(1);
  });

  it('keeps a 422 as a conflict with its field errors', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: contact, label: 'Sokha Chan' }, key);
    const refusing = server(
      () => new ApiError({ status: 422, code: 422, messageKey: 'validation', errors: [{ field: 'phone', key: 'invalid' }] }),
    );
    await flushOutbox({ owner: OWNER, key, send: refusing.send });
    expect((await listOutbox(OWNER))[0]).toMatchObject({
      state: 'conflict',
      problem: { status: 422, errors: [{ field: 'phone', key: 'invalid' }] },
    });
  });

  it('on a network failure stops, keeps everything waiting, and resends with the same key later', async () => {
    const key = await importOfflineKey(KEY_A);
    const first = await addToOutbox({ owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: contact, label: 'A' }, key);
    await addToOutbox(
      { owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: { ...contact, lastName: 'Dara' }, label: 'B' },
      key,
    );
    const down = server(() => new ApiError({ status: 0, code: 'network', messageKey: 'network_error' }));
    expect(await flushOutbox({ owner: OWNER, key, send: down.send })).toEqual({ sent: 0, conflicts: 0, stopped: 'network' });
    expect(down.calls).toHaveLength(1);
    expect((await listOutbox(OWNER)).map((r) => r.state)).toEqual(['waiting', 'waiting']);
    const up = server();
    expect(await flushOutbox({ owner: OWNER, key, send: up.send })).toEqual({ sent: 2, conflicts: 0 });
    expect(up.calls[0]?.idempotencyKey).toBe(first.idempotencyKey);
    expect(down.calls[0]?.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('lists and sends items made within one millisecond in the order they were made', async () => {
    // Only Date is frozen: IndexedDB's own timers keep running.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T09:00:00+07:00') });
    const key = await importOfflineKey(KEY_A);
    const labels = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const made: OutboxRecord[] = [];
    for (const label of labels) {
      made.push(await addToOutbox({ owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: { label }, label }, key));
    }
    expect((await listOutbox(OWNER)).map((r) => r.id)).toEqual(made.map((r) => r.id));
    const up = server();
    await flushOutbox({ owner: OWNER, key, send: up.send });
    expect(up.calls.map((c) => c.body)).toEqual(labels.map((label) => ({ label })));
  });

  it('stops on a 5xx without marking a conflict', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/p', body: contact, label: 'A' }, key);
    const busy = server(() => new ApiError({ status: 503, code: 503, messageKey: 'unavailable' }));
    expect((await flushOutbox({ owner: OWNER, key, send: busy.send })).stopped).toBe('server');
    expect((await listOutbox(OWNER))[0]?.state).toBe('waiting');
  });

  it('gives an activity made for a waiting contact that contact’s server id', async () => {
    const key = await importOfflineKey(KEY_A);
    const person = await addToOutbox({ owner: OWNER, kind: 'contact', path: '/api/contact/v1/create', body: contact, label: 'A' }, key);
    await addToOutbox(
      {
        owner: OWNER,
        kind: 'activity',
        path: '/api/contact/v2/activity/create',
        body: { contactId: `${LOCAL_REF}${person.id}`, title: 'Call' },
        label: 'Call',
      },
      key,
    );
    const { calls, send } = server((call) => (call.path.endsWith('/contact/v1/create') ? { id: 'c-42' } : { id: 'a-1' }));
    expect(await flushOutbox({ owner: OWNER, key, send })).toEqual({ sent: 2, conflicts: 0 });
    expect(calls[1]?.body).toEqual({ contactId: 'c-42', title: 'Call' });
  });

  it('holds an activity back while its contact is a conflict', async () => {
    const key = await importOfflineKey(KEY_A);
    const person = await addToOutbox({ owner: OWNER, kind: 'contact', path: '/c', body: contact, label: 'A' }, key);
    await addToOutbox({ owner: OWNER, kind: 'activity', path: '/a', body: { contactId: `${LOCAL_REF}${person.id}` }, label: 'Call' }, key);
    const { calls, send } = server((call) =>
      call.path === '/c' ? new ApiError({ status: 422, code: 422, messageKey: 'validation' }) : {},
    );
    await flushOutbox({ owner: OWNER, key, send });
    expect(calls.map((c) => c.path)).toEqual(['/c']);
    expect((await listOutbox(OWNER)).map((r) => [r.kind, r.state])).toEqual([
      ['contact', 'conflict'],
      ['activity', 'waiting'],
    ]);
  });

  it('sends a quote for two waiting contacts after both, naming them by their server ids, even after a page closed in between', async () => {
    const key = await importOfflineKey(KEY_A);
    const insured = await addToOutbox({ owner: OWNER, kind: 'contact', path: '/c', body: contact, label: 'A' }, key);
    const payer = await addToOutbox(
      { owner: OWNER, kind: 'contact', path: '/c', body: { ...contact, firstName: 'Vanna' }, label: 'B' },
      key,
    );
    const quote = {
      lifeInsuredContactId: `${LOCAL_REF}${insured.id}`,
      policyOwnerContactId: `${LOCAL_REF}${payer.id}`,
      productCode: 'MLPX',
    };
    await addToOutbox({ owner: OWNER, kind: 'proposal', path: '/q', body: quote, label: 'Q' }, key);
    expect((await listOutbox(OWNER))[2]?.dependsOn).toBe(insured.id);

    // The first contact reaches the server, then the network goes: the quote now waits for the second.
    let n = 0;
    const flaky = server((call) =>
      call.path === '/c' && ++n === 1 ? { id: 'c-1' } : new ApiError({ status: 0, code: 'network', messageKey: 'network_error' }),
    );
    expect(await flushOutbox({ owner: OWNER, key, send: flaky.send })).toMatchObject({ sent: 1, stopped: 'network' });
    const [waitingPayer, waitingQuote] = await listOutbox(OWNER);
    expect(waitingPayer?.id).toBe(payer.id);
    expect(waitingQuote?.dependsOn).toBe(payer.id);

    const { calls, send } = server((call) => (call.path === '/c' ? { id: 'c-2' } : { id: 'p-1' }));
    expect(await flushOutbox({ owner: OWNER, key, send })).toEqual({ sent: 2, conflicts: 0 });
    expect(calls[1]).toMatchObject({ path: '/q', body: { lifeInsuredContactId: 'c-1', policyOwnerContactId: 'c-2', productCode: 'MLPX' } });
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('turns an item into a conflict when a contact it names was discarded', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'proposal', path: '/q', body: { lifeInsuredContactId: `${LOCAL_REF}gone` }, label: 'Q' }, key);
    const { calls, send } = server();
    await flushOutbox({ owner: OWNER, key, send });
    expect(calls).toHaveLength(0);
    expect((await listOutbox(OWNER))[0]).toMatchObject({ state: 'conflict', problem: { messageKey: 'offline_contact_missing' } });
  });

  it('turns a quote made on another catalogue version into a conflict without sending it', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'proposal', path: '/q', body: {}, label: 'Q', catalogueVersion: '2026.1' }, key);
    const { calls, send } = server();
    await flushOutbox({ owner: OWNER, key, send, currentCatalogueVersion: async () => '2026.2' });
    expect(calls).toHaveLength(0);
    expect((await listOutbox(OWNER))[0]).toMatchObject({ state: 'conflict', problem: { messageKey: 'catalogue_changed' } });
  });

  it('cannot be read with another key: the item becomes a conflict, never sent', async () => {
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/c', body: contact, label: 'A' }, await importOfflineKey(KEY_A));
    const { calls, send } = server();
    await flushOutbox({ owner: OWNER, key: await importOfflineKey(KEY_B), send });
    expect(calls).toHaveLength(0);
    expect((await listOutbox(OWNER))[0]).toMatchObject({ state: 'conflict', problem: { messageKey: 'offline_unreadable' } });
  });

  it('lists and sends only the signed-in advisor’s items', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: 'someone-else', kind: 'contact', path: '/c', body: contact, label: 'A' }, key);
    const { calls, send } = server();
    expect(await flushOutbox({ owner: OWNER, key, send })).toEqual({ sent: 0, conflicts: 0 });
    expect(calls).toHaveLength(0);
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('is erased at sign-out', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/c', body: contact, label: 'A' }, key);
    await eraseOfflineData();
    expect(await getAll<OutboxRecord>(OUTBOX_STORE)).toEqual([]);
  });

  it('outlives the idle sign-out, sealed, and is sent after the next sign-in; the recent contacts do not', async () => {
    const key = await importOfflineKey(KEY_A);
    await addToOutbox({ owner: OWNER, kind: 'contact', path: '/c', body: contact, label: 'A' }, key);
    await put(RECENT_STORE, { id: OWNER, sealed: 'x' });
    await eraseOfflineData({ keepUnsent: true });
    expect(await getAll(RECENT_STORE)).toEqual([]);
    const kept = await getAll<OutboxRecord>(OUTBOX_STORE);
    expect(kept.map((r) => [r.owner, r.state])).toEqual([[OWNER, 'waiting']]);
    expect(JSON.stringify(kept)).not.toContain(contact.lastName);
    // Signed in again: the server gives the same key, and the item goes out once.
    const { calls, send } = server();
    expect(await flushOutbox({ owner: OWNER, key: await importOfflineKey(KEY_A), send })).toEqual({ sent: 1, conflicts: 0 });
    expect(calls.map((c) => c.body)).toEqual([contact]);
  });
});
