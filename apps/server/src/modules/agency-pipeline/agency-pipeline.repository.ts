import { sql, type SQL } from 'drizzle-orm';
import { ADVISOR_ROLES } from '@portal/domain/codes/roles';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import type { PipelineGroup } from '@portal/domain/contracts/agency-pipeline/pipeline-stages';
import type { Db } from '../../db/client';
import { textArray } from '../../db/sql-arrays';
import { TRAINING_ROLES } from '../compliance/compliance.repository';

/** What every pipeline query is given: the caller's agency, Phnom Penh today and the filters. */
export interface PipelineScope {
  agencyId: string;
  /** Today in Phnom Penh (YYYY-MM-DD); days waited count up to it. */
  today: string;
  /** The compliance period of today (its calendar year). */
  periodCode: string;
  advisorId?: string;
  /** Only items that waited at least this many days. */
  minDays?: number;
  /** Candidate stages: only this candidate status. Funnel/application stages: only this stage. */
  stage?: string;
}

/** One figure: items of one advisor in one stage, the oldest one's days, and (pending) how many lack a document. */
export interface FigureRow {
  stage: string;
  advisor_id: string;
  n: number;
  oldest: number;
}

/** A pending application's row of the applications figure query: its facts, to derive missing documents. */
export interface PendingRow {
  advisor_id: string;
  days: number;
  steps: unknown;
  product: unknown;
  documents: unknown;
}

export interface ItemRow {
  stage: string;
  id: string;
  advisor_id: string;
  advisor_name: string;
  advisor_name_kh: string | null;
  agent_code: string | null;
  name: string;
  name_kh: string | null;
  reference: string | null;
  since: string;
  days: number;
  total: number;
  steps: unknown;
  product: unknown;
  documents: unknown;
}

export interface PersonRow {
  id: string;
  display_name: string;
  display_name_kh: string | null;
  agent_code: string | null;
  advisor: boolean;
  overdue_since: string | null;
  overdue_days: number | null;
}

/** A pending application's facts as the query answers them. */
export interface PendingFacts {
  steps: ApplicationStepData;
  product: ApplicationProduct;
  documents: { group: string; hasFile: boolean }[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** The Phnom Penh calendar day of an instant column (UTC+7, no daylight saving). */
const dayOf = (column: SQL) => sql`((${column} AT TIME ZONE 'UTC') + interval '7 hours')::date`;

/** `since_day` of the inner rows kept by the advisor and minimum-days filters. */
function filters(scope: PipelineScope): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (scope.advisorId) parts.push(sql`advisor_id = ${scope.advisorId}::uuid`);
  if (scope.minDays) parts.push(sql`since_day <= ${scope.today}::date - ${scope.minDays}::int`);
  if (scope.stage) parts.push(sql`stage = ${scope.stage}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The rows of each figure group as (stage, id, advisor_id, since_day, name, name_kh, reference):
 * - funnel: contacts on no proposal (since created), proposals quoted or presented (payment
 *   requested counts as presented) since their last move into that status;
 * - applications: pending since created, submitted since submitted;
 * - candidates: every status but converted, since their last move into it (recruiter = advisor).
 */
function groupRows(group: Exclude<PipelineGroup, 'training'>, scope: PipelineScope, details: boolean): SQL {
  const agency = sql`${scope.agencyId}::uuid`;
  // The figures need no names: left out, the funnel's scan of every contact stays narrow.
  const text = (expression: SQL) => (details ? expression : sql`NULL::text`);
  if (group === 'funnel')
    return sql`
      SELECT 'contacts' AS stage, c.id, c.owner_user_id AS advisor_id, ${dayOf(sql`c.created_date`)} AS since_day,
        ${text(sql`c.first_name || ' ' || c.last_name`)} AS name,
        ${text(sql`nullif(trim(coalesce(c.first_name_kh, '') || ' ' || coalesce(c.last_name_kh, '')), '')`)} AS name_kh,
        NULL::text AS reference, NULL::jsonb AS steps, NULL::jsonb AS product
      FROM contact c
      WHERE c.agency_id = ${agency} AND c.deleted_at IS NULL
        -- Two anti-joins, not one with OR: each can be a hash anti-join over the agency's proposals.
        AND NOT EXISTS (SELECT 1 FROM proposal p WHERE p.agency_id = ${agency} AND p.life_insured_contact_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM proposal p WHERE p.agency_id = ${agency} AND p.policy_owner_contact_id = c.id)
      UNION ALL
      SELECT s.stage, p.id, p.owner_user_id, ${dayOf(sql`coalesce(
          (SELECT max(h.at) FROM proposal_status_history h WHERE h.proposal_id = p.id AND h.status = s.status), p.created_date)`)},
        ${text(sql`(p.life_insured->>'firstName') || ' ' || (p.life_insured->>'lastName')`)},
        ${text(sql`nullif(trim(coalesce(p.life_insured->>'firstNameKh', '') || ' ' || coalesce(p.life_insured->>'lastNameKh', '')), '')`)},
        p.proposal_number, NULL::jsonb, NULL::jsonb
      FROM proposal p
      CROSS JOIN LATERAL (SELECT CASE p.status WHEN 'quoted' THEN 'quoted' ELSE 'presented' END AS stage,
        CASE p.status WHEN 'quoted' THEN 'quoted' ELSE 'presented' END AS status) s
      WHERE p.agency_id = ${agency} AND p.status IN ('quoted', 'presented', 'paymentRequested')`;
  if (group === 'applications')
    return sql`
      SELECT CASE a.status WHEN 'P' THEN 'pending' ELSE 'submitted' END AS stage, a.id, a.owner_user_id AS advisor_id,
        ${dayOf(sql`CASE a.status WHEN 'P' THEN a.created_date ELSE a.submitted_at END`)} AS since_day,
        ${text(sql`trim(coalesce(a.steps->'personalInfo'->'lifeInsured'->>'firstName', '') || ' '
          || coalesce(a.steps->'personalInfo'->'lifeInsured'->>'lastName', ''))`)} AS name,
        ${text(sql`nullif(trim(coalesce(a.steps->'personalInfo'->'lifeInsured'->>'firstNameKh', '') || ' '
          || coalesce(a.steps->'personalInfo'->'lifeInsured'->>'lastNameKh', '')), '')`)} AS name_kh,
        a.application_number AS reference,
        CASE a.status WHEN 'P' THEN a.steps END AS steps, CASE a.status WHEN 'P' THEN a.product END AS product
      FROM application a
      WHERE a.agency_id = ${agency}`;
  return sql`
    SELECT 'candidate_' || c.status AS stage, c.id, c.recruiter_user_id AS advisor_id,
      ${dayOf(sql`coalesce((SELECT max(h.at) FROM candidate_stage_history h WHERE h.candidate_id = c.id AND h.to_status = c.status), c.created_date)`)} AS since_day,
      ${text(sql`c.first_name || ' ' || c.last_name`)} AS name,
      ${text(sql`nullif(trim(coalesce(c.first_name_kh, '') || ' ' || coalesce(c.last_name_kh, '')), '')`)} AS name_kh,
      c.candidate_number AS reference, NULL::jsonb AS steps, NULL::jsonb AS product
    FROM candidate c
    WHERE c.agency_id = ${agency} AND c.status <> 'converted' AND c.recruiter_user_id IS NOT NULL`;
}

/** The uploaded documents of the pending application `a` (json: group and whether it has a file). */
const documentsOf = sql`(SELECT coalesce(json_agg(json_build_object('group', d.document_category_code, 'hasFile', d.size > 0)), '[]'::json)
  FROM application_document d WHERE d.application_id = r.id)`;

/** The agency admin's pipeline: one query per figure group, and the items behind a figure. SQL only. */
export class AgencyPipelineRepository {
  constructor(private readonly db: Db) {}

  /**
   * The funnel's or the candidates' figures: count and oldest days per (stage, advisor), ONE query.
   */
  async figures(group: 'funnel' | 'candidates', scope: PipelineScope): Promise<FigureRow[]> {
    return rowsOf<FigureRow>(
      await this.db.execute(sql`
      SELECT stage, advisor_id, count(*)::int AS n, max(${scope.today}::date - since_day)::int AS oldest
      FROM (${groupRows(group, scope, false)}) r
      WHERE ${filters(scope)}
      GROUP BY stage, advisor_id
    `),
    );
  }

  /**
   * The applications' figures, ONE query: submitted counted per advisor; each pending application
   * one row with what the required-document rules read (steps, product, uploaded documents).
   */
  async applicationFigures(scope: PipelineScope): Promise<{ submitted: FigureRow[]; pending: PendingRow[] }> {
    const rows = rowsOf<FigureRow & PendingRow>(
      await this.db.execute(sql`
      WITH r AS (SELECT * FROM (${groupRows('applications', scope, false)}) x WHERE ${filters(scope)})
      SELECT 'submitted' AS stage, advisor_id, count(*)::int AS n, max(${scope.today}::date - since_day)::int AS oldest,
        NULL::int AS days, NULL::jsonb AS steps, NULL::jsonb AS product, NULL::json AS documents
      FROM r WHERE stage = 'submitted' GROUP BY advisor_id
      UNION ALL
      SELECT 'pending', advisor_id, 1, (${scope.today}::date - since_day)::int, (${scope.today}::date - since_day)::int,
        steps, product, ${documentsOf}
      FROM r WHERE stage = 'pending'
    `),
    );
    return {
      submitted: rows.filter((r) => r.stage === 'submitted'),
      pending: rows.filter((r) => r.stage === 'pending'),
    };
  }

  /**
   * The agency's people (ONE query, the training group): every user who sells or trains, with
   * the date their training of the period fell due when it is overdue (not passed by the due date).
   * Advisors (who sell) are listed even with nothing waiting; others only when something waits.
   */
  async people(scope: PipelineScope): Promise<PersonRow[]> {
    return rowsOf<PersonRow>(
      await this.db.execute(sql`
      SELECT u.id, u.display_name, u.display_name_kh, u.agent_code,
        (u.roles && ${textArray(ADVISOR_ROLES)} AND u.status <> 'disabled') AS advisor,
        CASE WHEN o.due IS NOT NULL THEN to_char(o.due, 'YYYY-MM-DD') END AS overdue_since,
        (${scope.today}::date - o.due)::int AS overdue_days
      FROM app_user u
      LEFT JOIN LATERAL (
        SELECT p.due_date AS due FROM compliance_period p
        WHERE p.code = ${scope.periodCode} AND p.due_date < ${scope.today}::date
          AND u.status <> 'disabled' AND u.roles && ${textArray(TRAINING_ROLES)}
          AND p.due_date <= ${scope.today}::date - ${scope.minDays ?? 0}::int
          AND NOT EXISTS (SELECT 1 FROM compliance_attempt x WHERE x.user_id = u.id AND x.period_code = p.code AND x.passed)
      ) o ON TRUE
      WHERE u.agency_id = ${scope.agencyId}::uuid
        ${scope.advisorId ? sql`AND u.id = ${scope.advisorId}::uuid` : sql``}
    `),
    );
  }

  /** The items of one figure group behind the filters, oldest first, at most `limit`, with the total. */
  async items(group: Exclude<PipelineGroup, 'training'>, scope: PipelineScope, limit: number): Promise<ItemRow[]> {
    return rowsOf<ItemRow>(
      await this.db.execute(sql`
      SELECT r.stage, r.id, r.advisor_id, u.display_name AS advisor_name, u.display_name_kh AS advisor_name_kh, u.agent_code,
        r.name, r.name_kh, r.reference, to_char(r.since_day, 'YYYY-MM-DD') AS since,
        (${scope.today}::date - r.since_day)::int AS days, count(*) OVER ()::int AS total, r.steps, r.product,
        CASE WHEN r.stage = 'pending' THEN ${documentsOf} END AS documents
      FROM (${groupRows(group, scope, true)}) r
      JOIN app_user u ON u.id = r.advisor_id
      WHERE ${filters(scope)}
      ORDER BY r.since_day, r.name, r.id
      LIMIT ${limit}
    `),
    );
  }
}
