import type { ColumnType, Generated } from 'kysely';

/** Bigint sums arrive from PostgreSQL as strings; the service turns them into numbers. */
type BigintColumn = ColumnType<string, number | string, number | string>;

/** One anonymous search (ADR 138): no user, session or address column exists. */
export type SearchEventTable = {
  searched_hour: Date;
  /** The centre rounded to two decimals, as integer hundredths of a degree. */
  lat_e2: number;
  lng_e2: number;
  result_count: number;
  kind: 'search' | 'go_now';
};

/** Per-UTC-day rollups of closed days (ADR 138), written only by the analytics.rollup job. */
export type AnalyticsDailyTable = {
  day: string;
  bookings: number;
  revenue_cents: BigintColumn;
  commission_cents: BigintColumn;
  cancellations: number;
  refunds: number;
  refunded_cents: BigintColumn;
  searches: number;
  empty_searches: number;
  new_guests: number;
  new_hosts: number;
  rolled_up_at: Generated<Date>;
};

export type AnalyticsDailyBathroomTable = {
  day: string;
  bathroom_id: string;
  bookings: number;
  revenue_cents: number;
};

export type AnalyticsDailyHourTable = { day: string; weekday: number; hour: number; bookings: number };

export type AnalyticsDailyEmptySpotTable = { day: string; lat_e2: number; lng_e2: number; searches: number };

/** A migration file's sha256 when it ran, or when the setup page first saw it (ADR 139). */
export type MigrationChecksumTable = {
  name: string;
  sha256: string;
  recorded_when: 'applied' | 'first_seen';
  recorded_at: Generated<Date>;
};
