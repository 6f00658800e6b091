import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '@portal/domain/codes/application-status';
import type { WizardCompletion } from '@portal/domain/codes/wizard-steps';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import { agency } from './agency.table';
import { appUser } from './app-user.table';
import { blob } from './blob.table';

/** Application numbers: `AP` and this sequence's value, 8 digits (AP00000001). */
export const applicationNumberSeq = pgSequence('application_number_seq', { startWith: 1, increment: 1 });

/**
 * An insurance application: made from a saved proposal, filled in a seven-step wizard,
 * P pending -> S submitted (then read-only). `steps` holds each step's saved draft as typed,
 * `completion` the seven flags, `active_step` where the wizard reopens. `product` is the
 * proposal's product recalculated by the engine at creation. The submission is recorded on the
 * row (who, when, language, the application form PDF's blob), set once by a conditional update
 * so a double submit makes one. `search_text` (lower-cased numbers and names) is written by the service.
 */
export const application = pgTable(
  'application',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNumber: text('application_number').notNull().unique(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => appUser.id),
    agencyId: uuid('agency_id').references(() => agency.id),
    proposalId: uuid('proposal_id'),
    status: text('status').$type<ApplicationStatus>().notNull().default('P'),
    activeStep: integer('active_step').notNull().default(0),
    completion: jsonb('completion').$type<WizardCompletion>().notNull(),
    steps: jsonb('steps').$type<ApplicationStepData>().notNull(),
    product: jsonb('product').$type<ApplicationProduct>().notNull(),
    searchText: text('search_text').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }),
    submittedBy: uuid('submitted_by').references(() => appUser.id),
    submissionLanguage: text('submission_language'),
    submissionBlobId: uuid('submission_blob_id').references(() => blob.id),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    modifiedBy: uuid('modified_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('application_owner_modified_idx').on(t.ownerUserId, t.modifiedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('application_agency_modified_idx').on(t.agencyId, t.modifiedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('application_proposal_idx').on(t.proposalId),
    check('application_status', sql`${t.status} IN ('P', 'S')`),
    check('application_active_step', sql`${t.activeStep} BETWEEN 0 AND 6`),
    check('application_submitted', sql`(${t.status} = 'S') = (${t.submittedAt} IS NOT NULL)`),
  ],
);

export type ApplicationRow = typeof application.$inferSelect;
export type NewApplicationRow = typeof application.$inferInsert;
