// Records of a fresh agency for the pipeline tests, written straight into the database so that
// each one's age (the day it entered its stage) is known.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { hashPassword } from '../../src/lib/password-hash';
import type { TestApp } from '../helpers/test-app';

const DAY = 86_400_000;

/** Records' ages count back from this instant (noon in Phnom Penh), the app's pinned clock. */
export const NOW = new Date('2026-11-20T05:00:00Z');
export const TODAY = '2026-11-20';

/** The instant `days` whole days before NOW (the same Phnom Penh time of day). */
export function ago(days: number): Date {
  return new Date(NOW.getTime() - days * DAY);
}

/** The Phnom Penh date `days` days before TODAY. */
export function dayAgo(days: number): string {
  return ago(days).toISOString().slice(0, 10);
}

let serial = 0;
const next = () => ++serial;

export async function createAgency(t: TestApp, name: string): Promise<string> {
  const id = randomUUID();
  await t.db.execute(sql`INSERT INTO agency (id, code, name) VALUES (${id}::uuid, ${`T-${name}-${next()}`}, ${name})`);
  return id;
}

export async function createUser(
  t: TestApp,
  agencyId: string,
  user: { username: string; displayName: string; role: string; status?: 'active' | 'disabled' },
): Promise<string> {
  const id = randomUUID();
  const n = next();
  await t.db.execute(sql`
    INSERT INTO app_user (id, username, display_name, phone, email, password_hash, roles, agency_id, agent_code, status)
    VALUES (${id}::uuid, ${user.username}, ${user.displayName}, ${`+8551277${String(n).padStart(4, '0')}`}, ${`${user.username}@example.com`},
      ${await hashPassword(DEMO_PASSWORD)}, ARRAY[${user.role}]::text[], ${agencyId}::uuid, ${`T-AG-${n}`}, ${user.status ?? 'active'})`);
  return id;
}

export async function createContact(
  t: TestApp,
  owner: { id: string; agencyId: string },
  person: { firstName: string; lastName: string; firstNameKh?: string; lastNameKh?: string },
  createdDaysAgo: number,
): Promise<string> {
  const id = randomUUID();
  await t.db.execute(sql`
    INSERT INTO contact (id, owner_user_id, agency_id, contact_type, first_name, last_name, first_name_kh, last_name_kh, gender, date_of_birth, phone, created_date, modified_date)
    VALUES (${id}::uuid, ${owner.id}::uuid, ${owner.agencyId}::uuid, 'lifeInsured', ${person.firstName}, ${person.lastName},
      ${person.firstNameKh ?? null}, ${person.lastNameKh ?? null}, 'F', '1990-01-01', '+85512345678',
      ${ago(createdDaysAgo).toISOString()}::timestamptz, ${ago(createdDaysAgo).toISOString()}::timestamptz)`);
  return id;
}

/** A proposal for the contact; `moves` are its status history (status, days ago), the last one its status. */
export async function createProposal(
  t: TestApp,
  owner: { id: string; agencyId: string },
  contactId: string,
  person: { firstName: string; lastName: string },
  status: string,
  createdDaysAgo: number,
  moves: readonly [string, number][] = [],
): Promise<{ id: string; number: string }> {
  const id = randomUUID();
  const number = `PRT${String(next()).padStart(5, '0')}`;
  const party = JSON.stringify({ contactId, ...person, firstNameKh: null, lastNameKh: null, gender: 'F', dateOfBirth: '1990-01-01' });
  await t.db.execute(sql`
    INSERT INTO proposal (id, proposal_number, owner_user_id, agency_id, status, life_insured_contact_id, policy_owner_contact_id,
      life_insured, policy_owner, product_code, plan_key, face_amount_cents, policy_term, premium_term, riders, premium_mode,
      premium_cents, catalogue_version, quote, search_text, created_date, modified_date)
    VALUES (${id}::uuid, ${number}, ${owner.id}::uuid, ${owner.agencyId}::uuid, ${status}, ${contactId}::uuid, ${contactId}::uuid,
      ${party}::jsonb, ${party}::jsonb, 'TERM', 'TERM', 1000000, 10, 10, '[]'::jsonb, 'annual', 10000, 't', '{}'::jsonb, '',
      ${ago(createdDaysAgo).toISOString()}::timestamptz, ${ago(createdDaysAgo).toISOString()}::timestamptz)`);
  for (const [moved, days] of moves) {
    await t.db.execute(
      sql`INSERT INTO proposal_status_history (proposal_id, status, at) VALUES (${id}::uuid, ${moved}, ${ago(days).toISOString()}::timestamptz)`,
    );
  }
  return { id, number };
}

/**
 * An application: pending (created `days` ago) or submitted (`days` ago). `ownerIsInsured: false`
 * makes both the insured's and the owner's ID required; `uploaded` are the groups with a file.
 */
export async function createApplication(
  t: TestApp,
  owner: { id: string; agencyId: string },
  person: { firstName: string; lastName: string },
  application: { status: 'P' | 'S'; days: number; ownerIsInsured: boolean; uploaded: readonly string[] },
): Promise<{ id: string; number: string }> {
  const id = randomUUID();
  const number = `APT${String(next()).padStart(5, '0')}`;
  const steps = JSON.stringify({
    personalInfo: { ownerIsInsured: application.ownerIsInsured, lifeInsured: { ...person, dateOfBirth: '1990-01-01' } },
    productInfo: {},
    healthInfo: {},
    declarationAuthorization: {},
    advisorStatement: {},
  });
  const product = JSON.stringify({ proposalId: null, proposalNumber: null, productCode: 'TERM', planKey: 'TERM', faceAmount: '10000' });
  const at = ago(application.days).toISOString();
  await t.db.execute(sql`
    INSERT INTO application (id, application_number, owner_user_id, agency_id, status, completion, steps, product, search_text,
      submitted_at, created_date, modified_date)
    VALUES (${id}::uuid, ${number}, ${owner.id}::uuid, ${owner.agencyId}::uuid, ${application.status}, '{}'::jsonb, ${steps}::jsonb,
      ${product}::jsonb, '', ${application.status === 'S' ? at : null}::timestamptz,
      ${application.status === 'S' ? ago(application.days + 5).toISOString() : at}::timestamptz, ${at}::timestamptz)`);
  for (const group of application.uploaded) {
    const blobId = randomUUID();
    const data = Buffer.from('scan');
    await t.db.execute(sql`INSERT INTO blob (id, media_type, size, sha256, data)
      VALUES (${blobId}::uuid, 'image/png', ${data.length}, ${createHash('sha256').update(data).digest('hex')}, ${data})`);
    await t.db
      .execute(sql`INSERT INTO application_document (application_id, document_category_code, document_code, file_name, media_type, size, sha256, blob_id)
      VALUES (${id}::uuid, ${group}, 'NATIONAL_ID_FRONT', 'scan.png', 'image/png', ${data.length}, ${createHash('sha256').update(data).digest('hex')}, ${blobId}::uuid)`);
  }
  return { id, number };
}

/** A candidate recruited by `recruiter`; `moves` are its stage history (to status, days ago), the last one its status. */
export async function createCandidate(
  t: TestApp,
  recruiter: { id: string; agencyId: string },
  person: { firstName: string; lastName: string },
  status: string,
  createdDaysAgo: number,
  moves: readonly [string, number][] = [],
): Promise<string> {
  const id = randomUUID();
  await t.db.execute(sql`
    INSERT INTO candidate (id, agency_id, recruiter_user_id, status, first_name, last_name, phone, created_date, modified_date)
    VALUES (${id}::uuid, ${recruiter.agencyId}::uuid, ${recruiter.id}::uuid, ${status}, ${person.firstName}, ${person.lastName}, '+85512000000',
      ${ago(createdDaysAgo).toISOString()}::timestamptz, ${ago(createdDaysAgo).toISOString()}::timestamptz)`);
  for (const [to, days] of moves) {
    await t.db.execute(
      sql`INSERT INTO candidate_stage_history (candidate_id, to_status, at) VALUES (${id}::uuid, ${to}, ${ago(days).toISOString()}::timestamptz)`,
    );
  }
  return id;
}

/** This year's training period (made or changed), due `dueDaysAgo` days before today. */
export async function createPeriod(t: TestApp, dueDaysAgo: number): Promise<void> {
  await t.db.execute(sql`INSERT INTO compliance_period (code, start_date, end_date, due_date, pass_mark_percent)
    VALUES ('2026', '2026-01-01', '2026-12-31', ${dayAgo(dueDaysAgo)}::date, 80)
    ON CONFLICT (code) DO UPDATE SET due_date = excluded.due_date`);
}

export async function passTraining(t: TestApp, user: { id: string; agencyId: string }): Promise<void> {
  await t.db.execute(sql`INSERT INTO compliance_attempt (user_id, agency_id, period_code, attempt_number, correct_count, question_count,
      score_percent, pass_mark_percent, passed, answers, submitted_at)
    VALUES (${user.id}::uuid, ${user.agencyId}::uuid, '2026', 1, 10, 10, 100, 80, true, '[]'::jsonb, ${ago(30).toISOString()}::timestamptz)`);
}
