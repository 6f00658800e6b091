import { sql, type SQL } from 'drizzle-orm';

/** `ARRAY[$1, $2, …]::text[]`: a list of texts as one array value, each a bound parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
