import { sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { MilestoneType } from '@portal/domain/contracts/policies/policy-fields';

// Customer milestones as one SQL query: in a policy's details, the milestones view, the servicing
// summary and the dashboard figures.

export interface MilestoneRow {
  date: string;
  type: MilestoneType;
  policyNumber: string;
  linkType: 'I' | 'O' | null;
  firstName: string | null;
  lastName: string | null;
  firstNameKh: string | null;
  lastNameKh: string | null;
  descriptionEn: string | null;
  descriptionKm: string | null;
  amount: number | null;
  currency: CurrencyCode | null;
}

export interface MilestoneQuery {
  from: string;
  to: string;
  type?: MilestoneType;
  policyId?: string;
  limit: number;
}

/** The same day and month in year `y` (29 February -> 28 February in a common year). */
function sameDayIn(year: SQL, date: SQL): SQL {
  const monthStart = sql`make_date(${year}, extract(month FROM ${date})::int, 1)`;
  return sql`(${monthStart} + (least(extract(day FROM ${date})::int, extract(day FROM (${monthStart} + interval '1 month' - interval '1 day'))::int) - 1))`;
}

/**
 * One query answering `items`: the milestones (json array, soonest first, at most `q.limit`) of the
 * policies in force that `policies` (a condition on `policy mp`) selects, between two dates
 * (inclusive): birthdays of owners and insureds (once per person), policy anniversaries,
 * maturities, premium due dates (paid-to dates of regular-premium policies) and the feed's own
 * events. It may stand alone or as a correlated sub-select (`mp.id = p.id`).
 */
export function milestonesJson(policies: SQL, q: Omit<MilestoneQuery, 'policyId'>): SQL {
  const fromYear = Number(q.from.slice(0, 4));
  const toYear = Number(q.to.slice(0, 4));
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  const want = (type: MilestoneType) => q.type === undefined || q.type === type;
  const yr = sql.raw('y.yr');
  const branches: SQL[] = [];
  if (want('birthday')) {
    const day = sameDayIn(yr, sql.raw('c.date_of_birth'));
    branches.push(sql`(SELECT DISTINCT ON (s.policy_number, c.first_name, c.last_name, c.date_of_birth, y.yr)
        ${day} AS d, 'birthday'::text AS type, s.policy_number, c.link_type, c.first_name, c.last_name, c.first_name_kh, c.last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s JOIN policy_client c ON c.policy_id = s.id AND c.link_type IN ('O', 'I') CROSS JOIN y
      WHERE ${day} BETWEEN ${from} AND ${to}
      ORDER BY s.policy_number, c.first_name, c.last_name, c.date_of_birth, y.yr, c.link_type DESC)`);
  }
  if (want('anniversary')) {
    const day = sameDayIn(yr, sql.raw('s.effective_date'));
    branches.push(sql`(SELECT ${day} AS d, 'anniversary'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s CROSS JOIN y WHERE y.yr > extract(year FROM s.effective_date)::int AND ${day} BETWEEN ${from} AND ${to})`);
  }
  if (want('maturity')) {
    branches.push(sql`(SELECT s.maturity_date AS d, 'maturity'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s WHERE s.maturity_date BETWEEN ${from} AND ${to})`);
  }
  if (want('premiumDue')) {
    branches.push(sql`(SELECT s.paid_to_date AS d, 'premiumDue'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, s.modal_premium AS amount, s.currency AS currency
      FROM s WHERE s.premium_mode <> 'singlePremium' AND s.paid_to_date BETWEEN ${from} AND ${to})`);
  }
  if (want('other')) {
    branches.push(sql`(SELECT pm.milestone_date AS d, 'other'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        pm.description_en AS den, pm.description_km AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s JOIN policy_milestone pm ON pm.policy_id = s.id WHERE pm.milestone_date BETWEEN ${from} AND ${to})`);
  }
  return sql`
    WITH s AS (
      SELECT mp.id, mp.policy_number, mp.effective_date, mp.maturity_date, mp.paid_to_date, mp.premium_mode, mp.modal_premium, mp.currency
      FROM policy mp
      WHERE ${policies} AND mp.status IN ('Active', 'Grace')
    ), y AS (SELECT generate_series(${fromYear}::int, ${toYear}::int) AS yr),
    m AS (${sql.join(branches, sql` UNION ALL `)})
    SELECT coalesce(json_agg(json_build_object(
        'date', m.d, 'type', m.type, 'policyNumber', m.policy_number, 'linkType', m.link_type, 'firstName', m.first_name,
        'lastName', m.last_name, 'firstNameKh', m.first_name_kh, 'lastNameKh', m.last_name_kh, 'descriptionEn', m.den,
        'descriptionKm', m.dkm, 'amount', m.amount, 'currency', m.currency) ORDER BY m.d, m.policy_number, m.type), '[]'::json) AS items
    FROM (SELECT * FROM m ORDER BY d, policy_number, type LIMIT ${q.limit}) m
  `;
}
