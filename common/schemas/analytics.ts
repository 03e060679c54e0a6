import { z } from 'zod';
import { calendarDateSchema } from './timestamp.ts';

/*
 * Admin analytics (ADR 138). Admins only.
 *
 *   GET /api/admin/analytics?from&to        analyticsQuerySchema → AnalyticsReport
 *   GET /api/admin/analytics/:chart         analyticsCsvParamsSchema + analyticsQuerySchema → text/csv
 *
 * Days are UTC calendar days, both ends included; without from/to the period is the last 30 days
 * up to today. Each answer carries the previous period of the same length for comparison.
 */

export const ANALYTICS_PRESETS = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_DAYS = 30;
/** A year and a day: the longest period the page compares (the rollups answer it well within budget). */
export const MAX_ANALYTICS_DAYS = 366;

export const analyticsQuerySchema = z
  .strictObject({
    from: calendarDateSchema('Give the first day as YYYY-MM-DD.').optional(),
    to: calendarDateSchema('Give the last day as YYYY-MM-DD.').optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Give both the first and the last day, or neither.',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The last day must not be before the first.',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || daysBetween(query.from, query.to) <= MAX_ANALYTICS_DAYS, {
    message: `Choose a period of at most ${MAX_ANALYTICS_DAYS} days.`,
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const ANALYTICS_CHARTS = [
  'bookings-revenue',
  'conversion',
  'cancellations-refunds',
  'signups',
  'top-cities',
  'top-bathrooms',
  'occupancy',
  'empty-searches',
] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

export const analyticsCsvParamsSchema = z.strictObject({
  chart: z.enum(ANALYTICS_CHARTS.map((chart) => `${chart}.csv`) as [string, ...string[]], {
    error: `Choose one of ${ANALYTICS_CHARTS.map((chart) => `${chart}.csv`).join(', ')}.`,
  }),
});

/** The kinds of search recorded (ADR 138): the search page and its API, and Go now. */
export const SEARCH_KINDS = ['search', 'go_now'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Inclusive day count of a period of YYYY-MM-DD dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export type AnalyticsPeriod = { from: string; to: string; days: number };

/** The asked period (or the last 30 days to `today`) and the one just before it, of the same length. */
export function analyticsPeriods(query: AnalyticsQuery, today: string) {
  const from = query.from ?? addDays(today, -(DEFAULT_ANALYTICS_DAYS - 1));
  const to = query.to ?? today;
  const days = daysBetween(from, to);
  const current: AnalyticsPeriod = { from, to, days };
  const previous: AnalyticsPeriod = { from: addDays(from, -days), to: addDays(from, -1), days };
  return { current, previous };
}

export type DailyPoint = {
  day: string;
  bookings: number;
  revenueCents: number;
  commissionCents: number;
  cancellations: number;
  refunds: number;
  refundedCents: number;
  searches: number;
  emptySearches: number;
  newGuests: number;
  newHosts: number;
};
export type DailyTotals = Omit<DailyPoint, 'day'>;

export type TopCity = { city: string; stateCode: string; bookings: number; revenueCents: number };
export type TopBathroom = {
  bathroomId: string;
  title: string;
  city: string;
  bookings: number;
  revenueCents: number;
};
/** weekday 0 = Monday … 6 = Sunday, hour 0–23, both on the bathroom's own wall clock. */
export type OccupancyCell = { weekday: number; hour: number; bookings: number };
export type EmptySpot = { latitude: number; longitude: number; searches: number };

export type AnalyticsReport = {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
  daily: DailyPoint[];
  previousDaily: DailyPoint[];
  totals: DailyTotals;
  previousTotals: DailyTotals;
  topCities: TopCity[];
  topBathrooms: TopBathroom[];
  occupancy: OccupancyCell[];
  emptySpots: EmptySpot[];
  /** The last UTC day the rollup job has closed; later days are read live from the raw tables. */
  rolledUpThrough: string | null;
};

/** Percent change from the previous period, or null when there was nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
