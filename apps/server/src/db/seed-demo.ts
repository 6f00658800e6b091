import { eq, inArray } from 'drizzle-orm';
import type { Role } from '@portal/domain/codes/roles';
import { hashPassword } from '../lib/password-hash';
import type { Db } from './client';
import { agency } from './schema/agency.table';
import { appUser } from './schema/app-user.table';
import { candidate } from './schema/candidate.table';
import { candidateStageHistory } from './schema/candidate-stage-history.table';

/** Published in the README and printed by `npm start`; only ever seeded with PORTAL_DEMO=1. */
export const DEMO_PASSWORD = 'Demo@Portal2026';

export const DEMO_AGENCIES = [
  { code: 'AG-PNH-01', name: 'Phnom Penh Central Agency', nameKh: 'ភ្នាក់ងារកណ្តាលភ្នំពេញ' },
  { code: 'AG-SRP-01', name: 'Siem Reap Agency', nameKh: 'ភ្នាក់ងារសៀមរាប' },
] as const;

interface DemoUser {
  username: string;
  role: Role;
  displayName: string;
  displayNameKh: string;
  phone: string;
  agentCode: string | null;
  alias: string;
  agencyCode: (typeof DEMO_AGENCIES)[number]['code'];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo.aap',
    role: 'ROLE_AAP',
    displayName: 'Sokha Chan',
    displayNameKh: 'ចាន់ សុខា',
    phone: '+85512345601',
    agentCode: 'AAP00001',
    alias: 'AAP',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.aap2',
    role: 'ROLE_AAP',
    displayName: 'Dara Keo',
    displayNameKh: 'កែវ ដារា',
    phone: '+85512345602',
    agentCode: 'AAP00002',
    alias: 'AAP',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.bk',
    role: 'ROLE_BK',
    displayName: 'Sreymom Lim',
    displayNameKh: 'លឹម ស្រីមុំ',
    phone: '+85512345603',
    agentCode: 'BK000001',
    alias: 'BK',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.as',
    role: 'ROLE_AS',
    displayName: 'Vannak Sok',
    displayNameKh: 'សុខ វណ្ណៈ',
    phone: '+85512345604',
    agentCode: 'AS000001',
    alias: 'AS',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.aa',
    role: 'ROLE_AA',
    displayName: 'Chenda Meas',
    displayNameKh: 'មាស ចិន្តា',
    phone: '+85512345605',
    agentCode: 'AA000001',
    alias: 'AA',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.aa2',
    role: 'ROLE_AA',
    displayName: 'Sophal Ny',
    displayNameKh: 'នី សុផល',
    phone: '+85512345608',
    agentCode: 'AA000002',
    alias: 'AA',
    agencyCode: 'AG-PNH-01',
  },
  {
    username: 'demo.trainee',
    role: 'ROLE_TRAINEE',
    displayName: 'Rithy Ouk',
    displayNameKh: 'អ៊ុក រិទ្ធី',
    phone: '+85512345606',
    agentCode: 'TR000001',
    alias: 'TRAINEE',
    agencyCode: 'AG-SRP-01',
  },
  {
    username: 'demo.trainee2',
    role: 'ROLE_TRAINEE',
    displayName: 'Pisey Chhim',
    displayNameKh: 'ឈឹម ពិសី',
    phone: '+85512345609',
    agentCode: 'TR000002',
    alias: 'TRAINEE',
    agencyCode: 'AG-SRP-01',
  },
  {
    username: 'demo.can',
    role: 'ROLE_CAN',
    displayName: 'Bopha Heng',
    displayNameKh: 'ហេង បុប្ផា',
    phone: '+85512345607',
    agentCode: null,
    alias: 'CAN',
    agencyCode: 'AG-SRP-01',
  },
  {
    username: 'demo.can2',
    role: 'ROLE_CAN',
    displayName: 'Sreymom Keo',
    displayNameKh: 'កែវ ស្រីមុំ',
    phone: '+85512345610',
    agentCode: null,
    alias: 'CAN',
    agencyCode: 'AG-SRP-01',
  },
];

/**
 * Demo agencies and one user per role (DESIGN.md §3). Idempotent: existing rows are left as
 * they are (a demo user who changed their password keeps it).
 */
export async function seedDemo(db: Db): Promise<{ agencies: number; users: number }> {
  const agencies = await db
    .insert(agency)
    .values(DEMO_AGENCIES.map((a) => ({ ...a })))
    .onConflictDoNothing({ target: agency.code })
    .returning({ id: agency.id });
  const rows = await db.select({ id: agency.id, code: agency.code }).from(agency);
  const agencyIds = new Map(rows.map((r) => [r.code, r.id]));

  const existing = await db
    .select({ username: appUser.username })
    .from(appUser)
    .where(
      inArray(
        appUser.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  const have = new Set(existing.map((r) => r.username));
  const missing = DEMO_USERS.filter((u) => !have.has(u.username));
  if (missing.length === 0) return { agencies: agencies.length, users: 0 };

  // One hash (and salt) per user, as real accounts have.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  const users = await db
    .insert(appUser)
    .values(
      missing.map((u, i) => ({
        username: u.username,
        displayName: u.displayName,
        displayNameKh: u.displayNameKh,
        phone: u.phone,
        email: `${u.username}@example.com`,
        passwordHash: hashes[i],
        roles: [u.role],
        agencyId: agencyIds.get(u.agencyCode) ?? null,
        agentCode: u.agentCode,
        alias: u.alias,
      })),
    )
    .onConflictDoNothing({ target: appUser.username })
    .returning({ id: appUser.id, username: appUser.username, agencyId: appUser.agencyId });
  const applicant = users.find((u) => u.username === DEMO_CANDIDATE.username);
  if (applicant) await seedOwnForm(db, applicant.id, applicant.agencyId);
  return { agencies: agencies.length, users: users.length };
}

/** The demo candidate account's own application form, started by the candidate (a draft). */
const DEMO_CANDIDATE = { username: 'demo.can', firstName: 'Bopha', lastName: 'Heng', firstNameKh: 'បុប្ផា', lastNameKh: 'ហេង' };

async function seedOwnForm(db: Db, userId: string, agencyId: string | null): Promise<void> {
  const [own] = await db.select({ id: candidate.id }).from(candidate).where(eq(candidate.applicantUserId, userId));
  if (own) return;
  const user = DEMO_USERS.find((u) => u.username === DEMO_CANDIDATE.username);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(candidate)
      .values({
        firstName: DEMO_CANDIDATE.firstName,
        lastName: DEMO_CANDIDATE.lastName,
        firstNameKh: DEMO_CANDIDATE.firstNameKh,
        lastNameKh: DEMO_CANDIDATE.lastNameKh,
        phone: user?.phone ?? '',
        agencyId,
        applicantUserId: userId,
        createdBy: userId,
        modifiedBy: userId,
      })
      .returning({ id: candidate.id, status: candidate.status });
    if (!created) throw new Error('demo candidate insert returned no row');
    await tx.insert(candidateStageHistory).values({
      candidateId: created.id,
      fromStatus: null,
      toStatus: created.status,
      actorUserId: userId,
      actorRole: 'ROLE_CAN',
      at: new Date(),
    });
  });
}
