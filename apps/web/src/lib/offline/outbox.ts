import type { FieldError } from '@portal/domain/errors/error-envelope';
import { apiRequest, isApiError, NETWORK_ERROR_STATUS } from '../api-client';
import { getAll, getOne, OUTBOX_STORE, put, remove } from './offline-db';
import { seal, unseal, type Sealed } from './offline-crypto';
import { currentOfflineKey, offlineKey } from './offline-key';

/**
 * Items made without network (a contact, a sales activity, a quote saved as a proposal), kept in
 * IndexedDB until they are sent. Only what is needed to list them without the key is stored in
 * the clear (kind, times, state, the error key of a refusal); the call's body and the label shown
 * to the advisor are sealed with the offline key (AES-GCM). Each item carries the
 * `Idempotency-Key` it was given when it was made, so a resend after a lost answer gets the
 * server's first answer back instead of a second record.
 */
export type OutboxKind = 'contact' | 'activity' | 'proposal';

export interface OutboxProblem {
  status: number;
  /** A key of the `errors` namespace, or `catalogue_changed`. */
  messageKey: string;
  /** A 422's field errors, shown on the fields when the item is corrected in its form. */
  errors?: FieldError[];
}

export interface OutboxRecord {
  id: string;
  /** The advisor who made it (user id); another user's items are never sent with this one's session. */
  owner: string;
  kind: OutboxKind;
  path: string;
  createdAt: number;
  idempotencyKey: string;
  state: 'waiting' | 'conflict';
  problem?: OutboxProblem;
  /** The catalogue version a quote was worked out on (not personal). */
  catalogueVersion?: string;
  /**
   * A waiting contact the body names (`local:<outbox id>`, e.g. an activity's contact, a quote's
   * life insured): the item is sent after it, with its server id in place.
   */
  dependsOn?: string;
  sealed: Sealed;
}

/** What `sealed` holds. */
export interface OutboxContent {
  body: Record<string, unknown>;
  /** What the advisor sees in the list: the contact's name, the activity's title. */
  label: string;
}

/** A body field naming a waiting contact: `local:<outbox id>`. */
export const LOCAL_REF = 'local:';

export class OfflineKeyMissingError extends Error {
  constructor() {
    super('The offline key is not available');
    this.name = 'OfflineKeyMissingError';
  }
}

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const listeners = new Set<() => void>();
let version = 0;

/** Tells the outbox's readers (the header count, the lists) that it changed. */
function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxVersion(): number {
  return version;
}

/** Has the outbox's readers read it again (after the offline key was opened, the items can be). */
export function rereadOutbox(): void {
  changed();
}

export interface NewOutboxItem {
  owner: string;
  kind: OutboxKind;
  path: string;
  body: Record<string, unknown>;
  label: string;
  catalogueVersion?: string;
  /** The key an attempt to send it already used (so the resend is the same action). */
  idempotencyKey?: string;
}

/** A new Idempotency-Key (128 random bits, hex). */
export function newIdempotencyKey(): string {
  return newId();
}

let lastCreatedAt = 0;

/**
 * The time an item is kept (ms), strictly after this page's previous item: items made within one
 * millisecond (a contact and its first activity) keep the order they were made in, which is the
 * order they are listed and sent in.
 */
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

/** Keeps an item to send later; throws OfflineKeyMissingError when the page has no key. */
export async function addToOutbox(item: NewOutboxItem, key: CryptoKey | null = currentOfflineKey()): Promise<OutboxRecord> {
  if (!key) throw new OfflineKeyMissingError();
  const dependsOn = localRefsOf(item.body)[0];
  const record: OutboxRecord = {
    id: newId(),
    owner: item.owner,
    kind: item.kind,
    path: item.path,
    createdAt: nextCreatedAt(),
    idempotencyKey: item.idempotencyKey ?? newId(),
    state: 'waiting',
    ...(item.catalogueVersion ? { catalogueVersion: item.catalogueVersion } : {}),
    ...(dependsOn ? { dependsOn } : {}),
    sealed: await seal(key, { body: item.body, label: item.label } satisfies OutboxContent),
  };
  await put(OUTBOX_STORE, record);
  changed();
  return record;
}

/** The user's items, oldest first. */
export async function listOutbox(owner: string): Promise<OutboxRecord[]> {
  const all = await getAll<OutboxRecord>(OUTBOX_STORE);
  return all.filter((r) => r.owner === owner).sort((a, b) => a.createdAt - b.createdAt);
}

export function openOutboxItem(record: OutboxRecord, key: CryptoKey): Promise<OutboxContent> {
  return unseal<OutboxContent>(key, record.sealed);
}

/** Discards an item (the advisor confirmed it). */
export async function discardOutboxItem(id: string): Promise<void> {
  await remove(OUTBOX_STORE, id);
  changed();
}

/** Sends a conflict again, its body replaced when the advisor edited it. */
export async function retryOutboxItem(record: OutboxRecord, key: CryptoKey, content?: OutboxContent): Promise<void> {
  const { problem: _problem, ...rest } = record;
  await put(OUTBOX_STORE, { ...rest, state: 'waiting', ...(content ? { sealed: await seal(key, content) } : {}) } satisfies OutboxRecord);
  changed();
}

/** One item of the outbox, or undefined when it is gone (sent or discarded). */
export async function findOutboxItem(id: string): Promise<OutboxRecord | undefined> {
  return getOne<OutboxRecord>(OUTBOX_STORE, id);
}

/**
 * The advisor changed an item (a refused one, in the form it came from): it waits again with the
 * new content, a new Idempotency-Key (the old one's call was answered with the refusal), the
 * waiting contacts it now names, and the catalogue version it was worked out on again.
 */
export async function reviseOutboxItem(
  record: OutboxRecord,
  content: OutboxContent,
  key: CryptoKey,
  catalogueVersion?: string,
): Promise<void> {
  const { problem: _problem, dependsOn: _dependsOn, catalogueVersion: _version, ...rest } = record;
  const dependsOn = localRefsOf(content.body)[0];
  await put(OUTBOX_STORE, {
    ...rest,
    state: 'waiting',
    idempotencyKey: newId(),
    ...(dependsOn ? { dependsOn } : {}),
    ...(catalogueVersion ? { catalogueVersion } : {}),
    sealed: await seal(key, content),
  } satisfies OutboxRecord);
  changed();
}

export interface SendResult {
  status: number;
  body: unknown;
}

/** How an item goes to the server: a POST with its own Idempotency-Key. */
export type Sender = (path: string, body: unknown, idempotencyKey: string) => Promise<SendResult>;

export const sendWithApi: Sender = async (path, body, idempotencyKey) => {
  const answer = await apiRequest<unknown>(path, { method: 'POST', body, idempotencyKey });
  return { status: 200, body: answer };
};

export interface FlushOptions {
  owner: string;
  key?: CryptoKey | null;
  send?: Sender;
  /** The catalogue version the server has now (quotes made on another one are conflicts). */
  currentCatalogueVersion?: () => Promise<string | null>;
  /** After each item the server accepted (to refresh the screens' data). */
  onSent?: (kind: OutboxKind, answer: unknown) => void;
}

export interface FlushReport {
  sent: number;
  conflicts: number;
  /** Why it stopped early: no network, no key, the session, or the server busy. */
  stopped?: 'network' | 'no-key' | 'session' | 'server';
}

/** 409 and 4xx answers (other than 401 and 429) are the advisor's to resolve; nothing else is. */
function isConflict(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 429;
}

/** The waiting contacts a body names (`local:<outbox id>` values), by outbox id. */
export function localRefsOf(body: Record<string, unknown>): string[] {
  const ids = Object.values(body)
    .filter((value): value is string => typeof value === 'string' && value.startsWith(LOCAL_REF))
    .map((value) => value.slice(LOCAL_REF.length));
  return [...new Set(ids)];
}

/** The body with every waiting contact that has reached the server named by its server id. */
function withServerIds(body: Record<string, unknown>, serverIds: ReadonlyMap<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const serverId = typeof value === 'string' && value.startsWith(LOCAL_REF) ? serverIds.get(value.slice(LOCAL_REF.length)) : undefined;
      return [field, serverId ?? value];
    }),
  );
}

async function contactStillKept(owner: string, id: string): Promise<boolean> {
  return (await listOutbox(owner)).some((r) => r.id === id);
}

/**
 * A contact was accepted: the items made for it (an activity; a quote may name two waiting
 * contacts) get its server id now, before the contact's own item is removed, so a page closed in
 * between still sends them to the right contact. An item still naming another waiting contact
 * then waits for that one.
 */
async function pointDependentsAt(owner: string, localId: string, serverId: string, key: CryptoKey): Promise<void> {
  const accepted = new Map([[localId, serverId]]);
  for (const r of await listOutbox(owner)) {
    if (!r.dependsOn || r.id === localId) continue;
    const content = await openOutboxItem(r, key);
    if (!localRefsOf(content.body).includes(localId)) continue;
    const body = withServerIds(content.body, accepted);
    const { dependsOn: _dependsOn, ...rest } = r;
    const next = localRefsOf(body)[0];
    await put(OUTBOX_STORE, {
      ...rest,
      ...(next ? { dependsOn: next } : {}),
      sealed: await seal(key, { ...content, body }),
    } satisfies OutboxRecord);
  }
}

let flushing: Promise<FlushReport> | null = null;

/** Sends the waiting items in order; one flush at a time per page. */
export function flushOutbox(options: FlushOptions): Promise<FlushReport> {
  flushing ??= flushNow(options).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushNow(options: FlushOptions): Promise<FlushReport> {
  const report: FlushReport = { sent: 0, conflicts: 0 };
  const items = (await listOutbox(options.owner)).filter((r) => r.state === 'waiting');
  if (items.length === 0) return report;
  const key = options.key === undefined ? await offlineKey() : options.key;
  if (!key) return { ...report, stopped: 'no-key' };
  const send = options.send ?? sendWithApi;
  const serverIds = new Map<string, string>();
  let catalogueVersion: string | null | undefined;

  for (const item of items) {
    const content = await openOutboxItem(item, key).catch(() => null);
    if (!content) {
      await put(OUTBOX_STORE, { ...item, state: 'conflict', problem: { status: 0, messageKey: 'offline_unreadable' } });
      report.conflicts++;
      changed();
      continue;
    }
    const body = withServerIds(content.body, serverIds);
    const waitingFor = localRefsOf(body);
    if (waitingFor.length > 0) {
      // A contact it names is not on the server yet (a conflict to resolve first): this waits too.
      const kept = await Promise.all(
        waitingFor.map(async (id) => items.some((other) => other.id === id) || (await contactStillKept(options.owner, id))),
      );
      if (kept.every(Boolean)) continue;
      await put(OUTBOX_STORE, { ...item, state: 'conflict', problem: { status: 404, messageKey: 'offline_contact_missing' } });
      report.conflicts++;
      changed();
      continue;
    }
    if (item.catalogueVersion && options.currentCatalogueVersion) {
      catalogueVersion ??= await options.currentCatalogueVersion().catch(() => null);
      if (catalogueVersion && catalogueVersion !== item.catalogueVersion) {
        await put(OUTBOX_STORE, { ...item, state: 'conflict', problem: { status: 409, messageKey: 'catalogue_changed' } });
        report.conflicts++;
        changed();
        continue;
      }
    }
    try {
      const answer = await send(item.path, body, item.idempotencyKey);
      const id = (answer.body as { id?: unknown } | null)?.id;
      if (typeof id === 'string') {
        serverIds.set(item.id, id);
        await pointDependentsAt(options.owner, item.id, id, key);
      }
      await remove(OUTBOX_STORE, item.id);
      report.sent++;
      changed();
      options.onSent?.(item.kind, answer.body);
    } catch (error) {
      const status = isApiError(error) ? error.status : NETWORK_ERROR_STATUS;
      if (status === NETWORK_ERROR_STATUS) return { ...report, stopped: 'network' };
      if (status === 401) return { ...report, stopped: 'session' };
      if (!isApiError(error) || !isConflict(status)) return { ...report, stopped: 'server' };
      await put(OUTBOX_STORE, {
        ...item,
        state: 'conflict',
        problem: { status, messageKey: error.messageKey, ...(error.errors?.length ? { errors: error.errors } : {}) },
      } satisfies OutboxRecord);
      report.conflicts++;
      changed();
    }
  }
  return report;
}
