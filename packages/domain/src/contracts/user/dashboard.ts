import * as z from 'zod/mini';
import { isoDateSchema, moneySchema } from '../policies/value-fields';

/**
 * GET /api/user/v1/dashboard — the caller's figures at a glance, in one round trip. The server
 * builds it from a list of figure-group providers (one query each); a group appears only when
 * its area exists and the caller may open the list behind it. An advisor sees their own
 * figures (`scope: 'own'`); agency staff (ROLE_AS, ROLE_AA) their agency's totals (`agency`).
 *
 * Every figure carries `link`, the screen (with its query) that lists what it counts. Labels are
 * i18n keys (`home:*`). A group may carry a bar chart when a picture says more than a number.
 */
export const DASHBOARD_SCOPES = ['own', 'agency'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/**
 * Where a figure leads: a screen of screens.ts by id, with query parameters (the web turns it
 * into a path). Not a path, so the server states no web route and stays free of URLs.
 */
export const dashboardLinkSchema = z.object({
  screen: z.string(),
  query: z.optional(z.record(z.string(), z.string())),
});
export type DashboardLink = z.infer<typeof dashboardLinkSchema>;

export const FIGURE_TONES = ['neutral', 'good', 'warning', 'alert'] as const;

export const dashboardFigureSchema = z.object({
  id: z.string(),
  labelKey: z.string(),
  value: z.int(),
  /** "value of total" figures (3 of 5 completed). */
  total: z.optional(z.int()),
  /** Money behind the count (premiums due per currency). */
  amounts: z.optional(z.array(moneySchema)),
  /** A date that goes with the figure (a due date). */
  date: z.optional(isoDateSchema),
  tone: z.enum(FIGURE_TONES),
  link: dashboardLinkSchema,
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardChartSchema = z.object({
  kind: z.literal('bars'),
  titleKey: z.string(),
  bars: z.array(
    z.object({
      id: z.string(),
      labelKey: z.string(),
      /** A literal label (a date) shown instead of `labelKey` when present. */
      label: z.optional(z.string()),
      value: z.int(),
      link: dashboardLinkSchema,
    }),
  ),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardGroupSchema = z.object({
  id: z.string(),
  titleKey: z.string(),
  figures: z.array(dashboardFigureSchema),
  chart: z.optional(dashboardChartSchema),
});
export type DashboardGroup = z.infer<typeof dashboardGroupSchema>;

export const dashboardResponseSchema = z.object({
  /** Today in Phnom Penh, and the Monday that starts this week. */
  asOf: isoDateSchema,
  weekStart: isoDateSchema,
  weekEnd: isoDateSchema,
  scope: z.enum(DASHBOARD_SCOPES),
  groups: z.array(dashboardGroupSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Monday of the ISO week that holds `isoDate` (a calendar date, no time zone involved). */
export function weekStartOf(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const offset = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}
