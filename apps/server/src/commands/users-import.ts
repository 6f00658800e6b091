import { eq, inArray, sql } from 'drizzle-orm';
import { isRole, ROLE_AA, type Role } from '@portal/domain/codes/roles';
import { normalisePhone } from '@portal/domain/format/phone';
import { isEmailAddress } from '@portal/domain/rules/email';
import { isSafeText } from '@portal/domain/rules/generic';
import type { Db } from '../db/client';
import { agency } from '../db/schema/agency.table';
import { appUser } from '../db/schema/app-user.table';
import { OutboxMessagesRepository } from '../providers/messaging/outbox-messages.repository';
import { setPasswordMessage } from '../providers/messaging/set-password-message';
import { UserMessenger } from '../providers/messaging/user-messenger';

/** The columns of a users file, in any order; the first line names them. */
export const USER_COLUMNS = [
  'username',
  'name_en',
  'name_km',
  'role',
  'agency_code',
  'agency_name',
  'agency_name_km',
  'phone',
  'email',
  'agent_code',
] as const;
type Column = (typeof USER_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['username', 'name_en', 'role', 'phone'];

export interface RowError {
  /** The line of the file (the header is line 1). */
  row: number;
  column: Column | '(file)';
  reason: string;
}

export interface ImportReport {
  ok: boolean;
  errors: RowError[];
  agencies: { created: number; updated: number };
  users: { created: number; updated: number };
  /** Set-password messages queued for the new users. */
  messages: number;
}

/** RFC 4180 CSV: commas, "quoted" fields with "" for a quote, CRLF or LF line ends; a UTF-8 BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface UserRecord {
  line: number;
  username: string;
  nameEn: string;
  nameKm: string | null;
  role: Role;
  agencyCode: string | null;
  agencyName: string | null;
  agencyNameKm: string | null;
  phone: string;
  email: string | null;
  agentCode: string | null;
}

/** The records of a users file, or every problem found, each with its line, column and reason. */
export function readUsersCsv(text: string): { records: UserRecord[]; errors: RowError[] } {
  const rows = parseCsv(text).filter((r) => r.some((f) => f.trim() !== ''));
  const errors: RowError[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => !(USER_COLUMNS as readonly string[]).includes(h));
  for (const h of unknown)
    errors.push({ row: 1, column: '(file)', reason: `unknown column "${h}"; the columns are ${USER_COLUMNS.join(', ')}` });
  for (const c of REQUIRED)
    if (!header.includes(c)) errors.push({ row: 1, column: c, reason: 'this column is missing from the first line' });
  if (rows.length < 2) errors.push({ row: 1, column: '(file)', reason: 'the file has no user rows' });
  if (errors.length > 0) return { records: [], errors };

  const records: UserRecord[] = [];
  const seen = new Map<string, number>();
  const seenAgentCodes = new Map<string, number>();
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2;
    const get = (c: Column) => (cells[header.indexOf(c)] ?? '').trim();
    const fail = (column: Column, reason: string) => errors.push({ row: line, column, reason });
    const before = errors.length;
    for (const c of REQUIRED) if (!get(c)) fail(c, 'is empty; it is required');
    for (const c of USER_COLUMNS)
      if (!isSafeText(get(c))) fail(c, 'holds a control character or a bidirectional override, which no typed text needs');
    const username = get('username').toLowerCase();
    if (username && !/^[a-z0-9][a-z0-9._-]{2,63}$/.test(username)) {
      fail('username', 'must be 3 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit');
    }
    if (username && seen.has(username)) fail('username', `appears already on line ${seen.get(username)}`);
    const role = get('role').toUpperCase();
    const fullRole = role.startsWith('ROLE_') ? role : `ROLE_${role}`;
    if (role && !isRole(fullRole)) fail('role', `"${get('role')}" is not a role (AAP, BK, AS, AA, TRAINEE, CAN)`);
    const phone = get('phone') ? normalisePhone(get('phone')) : null;
    if (get('phone') && !phone) fail('phone', `"${get('phone')}" is not a phone number (e.g. 012 345 678 or +85512345678)`);
    const email = get('email');
    if (email && !isEmailAddress(email)) fail('email', `"${email}" is not an e-mail address`);
    const agentCode = get('agent_code');
    if (agentCode && !/^[A-Za-z0-9-]{1,20}$/.test(agentCode)) fail('agent_code', 'must be 1 to 20 letters, digits or hyphens');
    if (agentCode && seenAgentCodes.has(agentCode)) fail('agent_code', `appears already on line ${seenAgentCodes.get(agentCode)}`);
    const agencyCode = get('agency_code');
    if (agencyCode && !/^[A-Za-z0-9-]{1,20}$/.test(agencyCode)) fail('agency_code', 'must be 1 to 20 letters, digits or hyphens');
    if (errors.length > before) return;
    seen.set(username, line);
    if (agentCode) seenAgentCodes.set(agentCode, line);
    records.push({
      line,
      username,
      nameEn: get('name_en'),
      nameKm: get('name_km') || null,
      role: fullRole as Role,
      agencyCode: agencyCode || null,
      agencyName: get('agency_name') || null,
      agencyNameKm: get('agency_name_km') || null,
      phone: phone as string,
      email: email || null,
      agentCode: agentCode || null,
    });
  });
  return { records, errors };
}

/**
 * Creates or updates agencies (by code) and users (by username) from a users file, in one
 * transaction: every row or none. A row is checked first (columns, role, phone, e-mail, agent
 * code, an agency that exists or is named); any problem stops the whole import with the list of
 * problems. Running the same file again changes nothing more. New users get a set-password link
 * through the outbox (SMS to their phone).
 */
export async function importUsers(db: Db, text: string, options: { publicOrigin: string; keepPayload?: boolean }): Promise<ImportReport> {
  const report: ImportReport = {
    ok: false,
    errors: [],
    agencies: { created: 0, updated: 0 },
    users: { created: 0, updated: 0 },
    messages: 0,
  };
  const { records, errors } = readUsersCsv(text);
  report.errors = errors;
  if (errors.length > 0) return report;

  const codes = [...new Set(records.map((r) => r.agencyCode).filter((c): c is string => !!c))];
  const known = codes.length ? await db.select().from(agency).where(inArray(agency.code, codes)) : [];
  for (const r of records) {
    if (
      r.agencyCode &&
      !known.some((a) => a.code === r.agencyCode) &&
      !records.some((o) => o.agencyCode === r.agencyCode && o.agencyName)
    ) {
      report.errors.push({
        row: r.line,
        column: 'agency_name',
        reason: `agency ${r.agencyCode} does not exist yet: give its name to create it`,
      });
    }
  }
  const agentOwners = await db
    .select({ username: appUser.username, agentCode: appUser.agentCode })
    .from(appUser)
    .where(
      inArray(
        appUser.agentCode,
        records
          .map((r) => r.agentCode)
          .filter((c): c is string => !!c)
          .concat(''),
      ),
    );
  for (const r of records) {
    const owner = agentOwners.find((o) => o.agentCode === r.agentCode);
    if (r.agentCode && owner && owner.username !== r.username) {
      report.errors.push({ row: r.line, column: 'agent_code', reason: `agent code ${r.agentCode} belongs to user ${owner.username}` });
    }
  }
  if (report.errors.length > 0) return report;

  const messenger = new UserMessenger(new OutboxMessagesRepository(db), { keepPayload: options.keepPayload ?? false });
  await db.transaction(async (tx) => {
    const agencyIds = new Map<string, string>();
    for (const code of codes) {
      const named = records.find((r) => r.agencyCode === code && r.agencyName);
      const existing = known.find((a) => a.code === code);
      if (!existing) {
        const [row] = await tx
          .insert(agency)
          .values({ code, name: named!.agencyName!, nameKh: named!.agencyNameKm })
          .returning({ id: agency.id });
        agencyIds.set(code, row!.id);
        report.agencies.created++;
      } else {
        agencyIds.set(code, existing.id);
        if (named && (existing.name !== named.agencyName || (named.agencyNameKm && existing.nameKh !== named.agencyNameKm))) {
          await tx
            .update(agency)
            .set({ name: named.agencyName!, ...(named.agencyNameKm ? { nameKh: named.agencyNameKm } : {}) })
            .where(eq(agency.id, existing.id));
          report.agencies.updated++;
        }
      }
    }
    for (const r of records) {
      const values = {
        displayName: r.nameEn,
        displayNameKh: r.nameKm,
        roles: [r.role],
        agencyId: r.agencyCode ? (agencyIds.get(r.agencyCode) ?? null) : null,
        phone: r.phone,
        email: r.email,
        agentCode: r.agentCode,
      };
      const [existing] = await tx.select().from(appUser).where(eq(appUser.username, r.username));
      if (!existing) {
        await tx.insert(appUser).values({ username: r.username, ...values });
        report.users.created++;
        const queued = await messenger.send(
          { username: r.username, phone: r.phone, email: r.email },
          setPasswordMessage(r.username, options.publicOrigin),
          tx as unknown as Db,
        );
        report.messages += queued.length;
      } else {
        const changed =
          existing.displayName !== values.displayName ||
          existing.displayNameKh !== values.displayNameKh ||
          existing.roles.join() !== values.roles.join() ||
          existing.agencyId !== values.agencyId ||
          existing.phone !== values.phone ||
          existing.email !== values.email ||
          existing.agentCode !== values.agentCode;
        if (changed) {
          await tx
            .update(appUser)
            .set({ ...values, modifiedDate: sql`now()`, version: sql`${appUser.version} + 1` })
            .where(eq(appUser.id, existing.id));
          report.users.updated++;
        }
      }
    }
  });
  report.ok = true;
  return report;
}

/** Whether any agency admin (ROLE_AA) exists. */
export async function hasAgencyAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(sql`${ROLE_AA} = ANY(${appUser.roles})`)
    .limit(1);
  return rows.length > 0;
}

/** The one command that creates the first agency admin, as `npm start` prints it. */
export const CREATE_ADMIN_HINT =
  'npm run users -- create-admin --username <username> --phone <+855…> --name "<Latin name>" --agency-code <code> --agency-name "<agency name>"';
