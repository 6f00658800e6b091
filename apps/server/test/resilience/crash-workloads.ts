import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { demoPolicyFeedPath } from '../../src/importers/demo-policies';
import { contactBody, multipartBody, pdfFile } from '../helpers/security-fixtures';
import { damagedBlobIds, orphanBlobIds } from '../helpers/storage-checks';
import { Client, letters, type ServerProcess } from './harness';

/**
 * A kind of write the crash trials hammer while the server is SIGKILLed (crash.trial.ts).
 * To add one (the application wizard's step saves, candidate uploads): implement this and add
 * it to WORKLOADS in crash.trial.ts. Nothing else changes.
 */
export interface CrashWorkload<Ack = unknown> {
  name: string;
  /** Concurrent writers while the kill comes. */
  concurrency: number;
  /** Once, after the first start (sign-in, finding a target). */
  setup(server: ServerProcess): Promise<void>;
  /** One write. Resolves with what the server acknowledged (a 2xx), or undefined (no answer, refused). Must not throw on a dropped connection. */
  write(server: ServerProcess, seq: number): Promise<Ack | undefined>;
  /** After a restart, through the API: one line per acknowledged write that is missing or different. */
  verifyAcks(server: ServerProcess, acks: Ack[]): Promise<string[]>;
  /** With the server stopped and the database open: half-stored rows, orphans, damage. */
  verifyStorage(db: Db, acks: Ack[]): Promise<string[]>;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;

interface ContactAck {
  id: string;
  lastName: string;
  /** The last acknowledged state, and the one an unacknowledged update may have stored. */
  acked: { version: number; occupation: string };
  next?: { version: number; occupation: string };
}

/** Contact saves: create, then a versioned update of the same contact. */
export function contactSaves(): CrashWorkload<ContactAck> {
  let client: Client;
  return {
    name: 'contact saves',
    concurrency: 16,
    async setup(server) {
      client = await new Client(server.base).signIn('demo.aap');
    },
    async write(server, seq) {
      client.base = server.base;
      const tag = letters(seq);
      const body = { ...contactBody(tag), lastName: `Crash${tag}`, occupation: `Job ${seq}` };
      let ack: ContactAck | undefined;
      try {
        const created = await client.post('/api/contact/v1/create', body);
        if (created.status !== 201) return undefined;
        const c = created.json<{ id: string; version: number; occupation: string }>();
        ack = { id: c.id, lastName: body.lastName, acked: { version: c.version, occupation: c.occupation } };
        ack.next = { version: c.version + 1, occupation: `Updated ${seq}` };
        const updated = await client.post(`/api/contact/v1/update/${c.id}`, { ...body, occupation: `Updated ${seq}`, version: c.version });
        if (updated.status === 200) {
          const u = updated.json<{ version: number; occupation: string }>();
          ack.acked = { version: u.version, occupation: u.occupation };
          delete ack.next;
        }
        return ack;
      } catch {
        return ack; // the kill: whatever was acknowledged so far
      }
    },
    async verifyAcks(server, acks) {
      client.base = server.base;
      const problems: string[] = [];
      for (const ack of acks) {
        const res = await client.get(`/api/contact/v1/find/${ack.id}`);
        if (res.status !== 200) {
          problems.push(`contact ${ack.id} (${ack.lastName}): ${res.status}`);
          continue;
        }
        const c = res.json<{ lastName: string; version: number; occupation: string; firstName: string }>();
        const state = { version: c.version, occupation: c.occupation };
        const same = (s?: { version: number; occupation: string }) => s !== undefined && s.version === state.version && s.occupation === state.occupation;
        if (c.lastName !== ack.lastName || c.firstName !== 'Sokha' || !(same(ack.acked) || same(ack.next))) {
          problems.push(`contact ${ack.id}: stored ${JSON.stringify(state)}, acknowledged ${JSON.stringify(ack.acked)}`);
        }
      }
      return problems;
    },
    async verifyStorage(db) {
      // Every crash contact that exists at all is whole: all fields of the body, a sane version.
      const bad = await rows<{ id: string }>(db, sql`
        SELECT id::text FROM contact WHERE last_name LIKE 'Crash%' AND NOT (
          first_name = 'Sokha' AND first_name_kh = 'សុខា' AND phone IS NOT NULL AND email = 'sokha.chan@example.com'
          AND address = 'Street 271, Phnom Penh' AND version >= 1 AND (occupation LIKE 'Job %' OR occupation LIKE 'Updated %'))`);
      return bad.map((r) => `contact ${r.id} is half-stored`);
    },
  };
}

interface UploadAck {
  documentId: string;
  sha256: string;
  size: number;
}

/** Pending-document uploads (the same blob + row transaction candidate and application uploads use). */
export function pendingUploads(concurrency = 50): CrashWorkload<UploadAck> {
  let client: Client;
  let policyNumber = '';
  let pendingCode = '';
  const refusals: string[] = [];
  return {
    name: 'pending-document uploads',
    concurrency,
    async setup(server) {
      client = await new Client(server.base).signIn('demo.aap');
      type FeedPolicy = { policyNumber: string; agent: { username?: string }; pending?: { code: string; status?: string }[] };
      const feed = JSON.parse(readFileSync(demoPolicyFeedPath(), 'utf8')) as { policies: FeedPolicy[] };
      const open = feed.policies.find((p) => p.agent.username === 'demo.aap' && p.pending?.some((x) => !x.status || x.status === 'outstanding'));
      if (!open) throw new Error('no demo.aap policy with an outstanding requirement in the demo feed');
      policyNumber = open.policyNumber;
      pendingCode = (open.pending ?? []).find((x) => !x.status || x.status === 'outstanding')?.code ?? '';
      const check = await client.get(`/api/policy/v1/${policyNumber}/find-pending-code`);
      if (check.status !== 200) throw new Error(`find-pending-code ${policyNumber}: ${check.status}`);
    },
    async write(server, seq) {
      client.base = server.base;
      const data = pdfFile({ text: `Crash upload ${seq}`, padTo: 96 * 1024 + (seq % 97) });
      const body = multipartBody({ pendingCode }, { field: 'file', fileName: `crash-${seq}.pdf`, data, type: 'application/pdf' });
      try {
        const res = await client.request('POST', `/api/policy/v1/upload/${policyNumber}/client-pending-doc`, body.payload, { 'content-type': body.contentType });
        if (res.status !== 201) {
          if (refusals.length < 5) refusals.push(`${res.status} ${res.text.slice(0, 100)}`);
          return undefined;
        }
        return { documentId: res.json<{ document: { id: string } }>().document.id, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
      } catch (error) {
        if (refusals.length < 5) refusals.push(String((error as Error).cause ?? error));
        return undefined;
      }
    },
    async verifyAcks(server, acks) {
      client.base = server.base;
      if (acks.length === 0 && refusals.length > 0) console.warn(`[crash] upload refusals: ${refusals.join(' | ')}`);
      const res = await client.get(`/api/policy/v1/${policyNumber}/find-pending-code`);
      if (res.status !== 200) return [`find-pending-code: ${res.status}`];
      const listed = new Set(res.json<{ items: { documents: { id: string }[] }[] }>().items.flatMap((i) => i.documents.map((d) => d.id)));
      return acks.filter((a) => !listed.has(a.documentId)).map((a) => `document ${a.documentId} acknowledged but not listed`);
    },
    async verifyStorage(db, acks) {
      const problems: string[] = [];
      const stored = new Map((await rows<{ id: string; sha256: string; size: number }>(db, sql`
        SELECT d.id::text, b.sha256, b.size::int FROM policy_pending_document d JOIN blob b ON b.id = d.blob_id`)).map((r) => [r.id, r]));
      for (const ack of acks) {
        const row = stored.get(ack.documentId);
        if (!row) problems.push(`document ${ack.documentId} lost`);
        else if (row.sha256 !== ack.sha256 || Number(row.size) !== ack.size) problems.push(`document ${ack.documentId} differs from what was sent`);
      }
      for (const id of await orphanBlobIds(db)) problems.push(`orphan blob ${id}`);
      for (const id of await damagedBlobIds(db)) problems.push(`damaged blob ${id}`);
      return problems;
    },
  };
}
