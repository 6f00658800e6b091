import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { HEALTH_QUESTIONS } from '@portal/domain/codes/health-questions';
import { WIZARD_STEPS } from '@portal/domain/codes/wizard-steps';
import type { SavableStep } from '@portal/domain/contracts/applications/update-application';
import type { Db } from '../../src/db/client';
import { demoPolicyFeedPath } from '../../src/importers/demo-policies';
import { contactBody, multipartBody, pdfFile, pngFile } from '../helpers/security-fixtures';
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
  /** With the server stopped and the database open: one line per acknowledged write without its audit row. */
  verifyAudit(db: Db, acks: Ack[]): Promise<string[]>;
}

/** How many audit rows of `action` each of `entityIds` has (ids without one are absent). */
async function auditCounts(db: Db, entity: string, action: string, entityIds: readonly string[]): Promise<Map<string, number>> {
  if (entityIds.length === 0) return new Map();
  const found = await rows<{ entity_id: string; n: number }>(
    db,
    sql`SELECT entity_id, count(*)::int AS n FROM audit_log WHERE entity = ${entity} AND action = ${action}
        AND entity_id IN ${[...entityIds]} GROUP BY entity_id`,
  );
  return new Map(found.map((r) => [r.entity_id, Number(r.n)]));
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
        const same = (s?: { version: number; occupation: string }) =>
          s !== undefined && s.version === state.version && s.occupation === state.occupation;
        if (c.lastName !== ack.lastName || c.firstName !== 'Sokha' || !(same(ack.acked) || same(ack.next))) {
          problems.push(`contact ${ack.id}: stored ${JSON.stringify(state)}, acknowledged ${JSON.stringify(ack.acked)}`);
        }
      }
      return problems;
    },
    async verifyStorage(db) {
      // Every crash contact that exists at all is whole: all fields of the body, a sane version.
      const bad = await rows<{ id: string }>(
        db,
        sql`
        SELECT id::text FROM contact WHERE last_name LIKE 'Crash%' AND NOT (
          first_name = 'Sokha' AND first_name_kh = 'សុខា' AND phone IS NOT NULL AND email = 'sokha.chan@example.com'
          AND address = 'Street 271, Phnom Penh' AND version >= 1 AND (occupation LIKE 'Job %' OR occupation LIKE 'Updated %'))`,
      );
      return bad.map((r) => `contact ${r.id} is half-stored`);
    },
    async verifyAudit(db, acks) {
      const ids = acks.map((a) => a.id);
      const created = await auditCounts(db, 'contact', 'create', ids);
      const updated = await auditCounts(db, 'contact', 'update', ids);
      const problems: string[] = [];
      for (const ack of acks) {
        if (!created.has(ack.id)) problems.push(`contact ${ack.id}: acknowledged create without its audit row`);
        // An acknowledged update (version past the first) has its row.
        if (ack.acked.version > 1 && !updated.has(ack.id)) problems.push(`contact ${ack.id}: acknowledged update without its audit row`);
      }
      return problems;
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
      const open = feed.policies.find(
        (p) => p.agent.username === 'demo.aap' && p.pending?.some((x) => !x.status || x.status === 'outstanding'),
      );
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
        const res = await client.request('POST', `/api/policy/v1/upload/${policyNumber}/client-pending-doc`, body.payload, {
          'content-type': body.contentType,
        });
        if (res.status !== 201) {
          if (refusals.length < 5) refusals.push(`${res.status} ${res.text.slice(0, 100)}`);
          return undefined;
        }
        return {
          documentId: res.json<{ document: { id: string } }>().document.id,
          sha256: createHash('sha256').update(data).digest('hex'),
          size: data.length,
        };
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
      const stored = new Map(
        (
          await rows<{ id: string; sha256: string; size: number }>(
            db,
            sql`
        SELECT d.id::text, b.sha256, b.size::int FROM policy_pending_document d JOIN blob b ON b.id = d.blob_id`,
          )
        ).map((r) => [r.id, r]),
      );
      for (const ack of acks) {
        const row = stored.get(ack.documentId);
        if (!row) problems.push(`document ${ack.documentId} lost`);
        else if (row.sha256 !== ack.sha256 || Number(row.size) !== ack.size)
          problems.push(`document ${ack.documentId} differs from what was sent`);
      }
      for (const id of await orphanBlobIds(db)) problems.push(`orphan blob ${id}`);
      for (const id of await damagedBlobIds(db)) problems.push(`damaged blob ${id}`);
      return problems;
    },
    async verifyAudit(db, acks) {
      const audited = new Set(
        (
          await rows<{ document: string }>(
            db,
            sql`SELECT details->>'document' AS document FROM audit_log WHERE entity = 'policy' AND action = 'create' AND entity_id = ${policyNumber}`,
          )
        ).map((r) => r.document),
      );
      return acks
        .filter((a) => !audited.has(a.documentId))
        .map((a) => `document ${a.documentId}: acknowledged upload without its audit row`);
    },
  };
}

/** The wizard steps an advisor saves one after another (steps 0-4; 5 is uploads, 6 the submission). */
const WIZARD_SAVES = [
  'personalInfo',
  'productInfo',
  'healthInfo',
  'declarationAuthorization',
  'advisorStatement',
] as const satisfies readonly SavableStep[];
/** A new application's version; each step save adds one. */
const FIRST_VERSION = 1;
const SIGNATURE = `data:image/png;base64,${pngFile(24, 8).toString('base64')}`;

/** What write `seq` saves as step `name`: complete, valid data that carries `seq` (so a stored step names its writer). */
export function wizardStepData(name: (typeof WIZARD_SAVES)[number], seq: number): Record<string, unknown> {
  switch (name) {
    case 'personalInfo':
      return {
        ownerIsInsured: true,
        payorIsOwner: true,
        lifeInsured: {
          firstName: 'Sokha',
          lastName: 'Chan',
          firstNameKh: 'សុខា',
          lastNameKh: 'ចាន់',
          gender: 'M',
          dateOfBirth: '15/03/1988',
          idType: '1',
          idNumber: '123456789',
          idExpiryDate: '31/12/2030',
          phone: '012-345-678',
          occupation: `Wizard job ${seq}`,
          address: 'Street 271, Phnom Penh',
        },
        beneficiaries: [
          {
            firstName: 'Dara',
            lastName: 'Chan',
            gender: 'F',
            dateOfBirth: '01/01/2010',
            relationshipCode: '03',
            priority: 'p',
            shareBenifit: '100',
          },
        ],
      };
    case 'productInfo':
      return { paymentType: 'CS', confirmed: true };
    case 'healthInfo':
      return {
        answers: HEALTH_QUESTIONS.map((q) =>
          q.medicalDocumentOnYes
            ? { questionNumber: q.questionNumber, answerSequenceNo: 1, answerValue: 'N' }
            : { questionNumber: q.questionNumber, answerSequenceNo: 1, answerValue: 'Y', answerDescription: `Crash answer ${seq}` },
        ),
      };
    case 'declarationAuthorization':
      return {
        agreed: true,
        signatures: {
          policyOwner: { method: 'typed', typedName: `Sokha Chan ${seq}`, signerName: 'Sokha Chan', signedAt: '2026-11-21T09:00:00+07:00' },
          advisor: { method: 'drawn', image: SIGNATURE, signerName: 'Sokha Chan (advisor)', signedAt: '2026-11-21T09:00:00+07:00' },
        },
      };
    case 'advisorStatement':
      return {
        referrerCode: '09',
        isBankReferal: true,
        bank: 'BAMAY',
        department: '002',
        referrer: 'Mony',
        isSupervisor: false,
        supervisor: 'Dara',
        referralDate: '01/11/2025',
        employeeId: `E${seq}`,
        employeeIdConfirmed: `E${seq}`,
        statementAgreed: true,
      };
  }
}

/** An application as stored or answered: what the checks compare. */
interface WizardState {
  status: string;
  version: number;
  activeStep: number;
  completion: Record<string, boolean>;
  steps: Record<string, unknown>;
}

/**
 * What is wrong with `state` as the application of write `seq` after exactly `saved` step saves
 * (0-5): saved steps hold write `seq`'s data, complete; the others their state at creation
 * (`initialPersonalInfo`, else empty), not complete; version and active step count the saves.
 */
function wizardStateProblems(state: WizardState, seq: number, saved: number, initialPersonalInfo: unknown): string[] {
  const problems: string[] = [];
  if (state.status !== 'P') problems.push(`status ${state.status}`);
  if (state.version !== FIRST_VERSION + saved) problems.push(`version ${state.version}, expected ${FIRST_VERSION + saved}`);
  if (state.activeStep !== saved) problems.push(`active step ${state.activeStep}, expected ${saved}`);
  for (const [index, name] of WIZARD_SAVES.entries()) {
    const expected = index < saved ? wizardStepData(name, seq) : name === 'personalInfo' ? initialPersonalInfo : {};
    if (!isDeepStrictEqual(state.steps[name], expected))
      problems.push(`${name} differs: ${JSON.stringify(state.steps[name]).slice(0, 120)}`);
  }
  for (const step of WIZARD_STEPS) {
    const saveIndex = (WIZARD_SAVES as readonly string[]).indexOf(step.name);
    const complete = saveIndex >= 0 && saveIndex < saved;
    if (state.completion[step.completionFlag] !== complete)
      problems.push(`${step.completionFlag} is ${String(state.completion[step.completionFlag])}`);
  }
  return problems;
}

/** The one state of the two an acknowledged application may be in (its last acknowledged save, or the one in flight) that `state` matches; else the problems. */
function ackProblems(state: WizardState, ack: WizardAck, initialPersonalInfo: unknown): string[] {
  const acked = wizardStateProblems(state, ack.seq, ack.saved, initialPersonalInfo);
  if (acked.length === 0 || !ack.inFlight) return acked;
  return wizardStateProblems(state, ack.seq, ack.saved + 1, initialPersonalInfo).length === 0 ? [] : acked;
}

interface WizardAck {
  id: string;
  seq: number;
  /** Step saves acknowledged (0-5). */
  saved: number;
  /** The version the last acknowledgement answered. */
  version: number;
  /** A save was sent and not answered: it may or may not be stored. */
  inFlight: boolean;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * Application wizard step saves (POST /api/appform/v1/update/{id}): each write creates an
 * application from one proposal and saves steps 0-4 in turn, each a versioned update that marks
 * the step complete and moves the active step on, as the wizard does when the advisor presses Next.
 */
export function wizardStepSaves(concurrency = 8): CrashWorkload<WizardAck> {
  let client: Client;
  let contactId = '';
  let initialPersonalInfo: unknown;
  const refusals: string[] = [];
  // A proposal carries one application (then it is locked): every write sells a proposal of its own.
  const newProposal = () =>
    client.post('/api/proposal/v1/create', {
      productCode: 'TERM',
      faceAmount: '15,000',
      policyTerm: 10,
      premiumTerm: 10,
      premiumMode: 'annual',
      lifeInsuredContactId: contactId,
    });
  return {
    name: 'application step saves',
    concurrency,
    async setup(server) {
      client = await new Client(server.base).signIn('demo.aap');
      const contact = await client.post('/api/contact/v1/create', contactBody('Wizard'));
      if (contact.status !== 201) throw new Error(`contact create: ${contact.status} ${contact.text}`);
      contactId = contact.json<{ id: string }>().id;
      const proposal = await newProposal();
      if (proposal.status !== 201) throw new Error(`proposal create: ${proposal.status} ${proposal.text}`);
      // Every application of a proposal of this contact starts as this one does.
      const probe = await client.post('/api/appform/v1/create', { proposalId: proposal.json<{ id: string }>().id });
      if (probe.status !== 201) throw new Error(`application create: ${probe.status} ${probe.text}`);
      initialPersonalInfo = probe.json<WizardState>().steps.personalInfo;
    },
    async write(server, seq) {
      client.base = server.base;
      let ack: WizardAck | undefined;
      const refused = (what: string) => {
        if (refusals.length < 5) refusals.push(what);
        if (ack) ack.inFlight = false; // an error answer stores nothing (checked like everything else)
        return ack;
      };
      try {
        const proposal = await newProposal();
        if (proposal.status !== 201) return refused(`proposal ${proposal.status} ${proposal.text.slice(0, 100)}`);
        const created = await client.post('/api/appform/v1/create', { proposalId: proposal.json<{ id: string }>().id });
        if (created.status !== 201) return refused(`create ${created.status} ${created.text.slice(0, 100)}`);
        const app = created.json<{ id: string; version: number }>();
        ack = { id: app.id, seq, saved: 0, version: app.version, inFlight: false };
        for (const [index, name] of WIZARD_SAVES.entries()) {
          ack.inFlight = true;
          const res = await client.post(`/api/appform/v1/update/${app.id}`, {
            version: ack.version,
            activeStep: index + 1,
            step: { name, data: wizardStepData(name, seq), complete: true },
          });
          if (res.status !== 200) return refused(`${name} ${res.status} ${res.text.slice(0, 100)}`);
          ack.version = res.json<{ version: number }>().version;
          ack.saved = index + 1;
          ack.inFlight = false;
        }
        return ack;
      } catch (error) {
        if (!ack && refusals.length < 5) refusals.push(`create unanswered: ${String((error as Error).cause ?? error)}`);
        return ack; // the kill: whatever was acknowledged so far (the save in flight may be stored)
      }
    },
    async verifyAcks(server, acks) {
      client.base = server.base;
      if (acks.length === 0 && refusals.length > 0) console.warn(`[crash] step-save refusals: ${refusals.join(' | ')}`);
      const problems: string[] = [];
      for (let i = 0; i < acks.length; i += 8) {
        await Promise.all(
          acks.slice(i, i + 8).map(async (ack) => {
            const res = await client.get(`/api/appform/v1/find/${ack.id}`);
            if (res.status !== 200)
              problems.push(`application ${ack.id} (write ${ack.seq}, ${ack.saved} steps acknowledged): ${res.status}`);
            else
              for (const p of ackProblems(res.json<WizardState>(), ack, initialPersonalInfo))
                problems.push(`application ${ack.id} (write ${ack.seq}, ${ack.saved} steps acknowledged): ${p}`);
          }),
        );
      }
      return problems;
    },
    async verifyStorage(db, acks) {
      const problems: string[] = [];
      type Row = {
        id: string;
        application_number: string;
        search_text: string;
        status: string;
        version: number;
        active_step: number;
        completion: unknown;
        steps: unknown;
      };
      const stored = await rows<Row>(
        db,
        sql`
        SELECT id::text, application_number, search_text, status, version, active_step, completion, steps FROM application
        WHERE proposal_id IN (SELECT id FROM proposal WHERE life_insured_contact_id = ${contactId}::uuid)`,
      );
      const byId = new Map(stored.map((r) => [r.id, r]));
      const stateOf = (r: Row): WizardState => ({
        status: r.status,
        version: Number(r.version),
        activeStep: Number(r.active_step),
        completion: json(r.completion),
        steps: json(r.steps),
      });
      for (const ack of acks) {
        const row = byId.get(ack.id);
        if (!row) problems.push(`application ${ack.id} (write ${ack.seq}) lost`);
        else
          for (const p of ackProblems(stateOf(row), ack, initialPersonalInfo))
            problems.push(`application ${ack.id} (write ${ack.seq}) stored: ${p}`);
      }
      // Every application of the trial, acknowledged or not, is whole: its version says how many
      // step saves it holds, and it holds exactly those, all of one write.
      for (const row of stored) {
        const state = stateOf(row);
        const saved = state.version - FIRST_VERSION;
        const tag = /^Wizard job (\d+)$/.exec(
          String((state.steps.personalInfo as { lifeInsured?: { occupation?: unknown } } | undefined)?.lifeInsured?.occupation ?? ''),
        );
        const seq = tag ? Number(tag[1]) : -1;
        const issues =
          saved < 0 || saved > WIZARD_SAVES.length
            ? [`version ${state.version}`]
            : wizardStateProblems(state, seq, saved, initialPersonalInfo);
        if (!row.search_text.startsWith(`${row.application_number.toLowerCase()}|`)) issues.push('search text without its number');
        if (issues.length > 0) problems.push(`application ${row.id} is half-stored: ${issues.join('; ')}`);
      }
      const saves = acks.reduce((n, a) => n + a.saved, 0);
      const cut = acks.filter((a) => a.saved < WIZARD_SAVES.length).length;
      console.warn(
        `[crash] application step saves: ${saves} step saves acknowledged in ${acks.length} applications (${cut} cut by a kill, ${acks.filter((a) => a.inFlight).length} with a save in flight); ${stored.length} applications stored, the setup's included`,
      );
      return problems;
    },
    async verifyAudit(db, acks) {
      const ids = acks.map((a) => a.id);
      const created = await auditCounts(db, 'application', 'create', ids);
      const updated = await auditCounts(db, 'application', 'update', ids);
      const problems: string[] = [];
      for (const ack of acks) {
        if (!created.has(ack.id)) problems.push(`application ${ack.id}: acknowledged create without its audit row`);
        const saves = updated.get(ack.id) ?? 0;
        if (saves < ack.saved) problems.push(`application ${ack.id}: ${ack.saved} step saves acknowledged, ${saves} audit rows`);
      }
      return problems;
    },
  };
}
