import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { recordAppliedChecksums } from './migration-checksums.ts';
import * as accounts from './migrations/2026-11-21-01-accounts.ts';
import * as notifications from './migrations/2026-11-21-10-notifications.ts';
import * as bathrooms from './migrations/2026-11-21-20-bathrooms.ts';
import * as searchSpeed from './migrations/2026-11-22-10-search-speed.ts';
import * as bookings from './migrations/2026-11-22-40-bookings.ts';
import * as payments from './migrations/2026-11-22-50-payments.ts';
import * as bookingPayments from './migrations/2026-11-22-60-booking-payments.ts';
import * as outboxOrder from './migrations/2026-11-24-10-outbox-order.ts';
import * as searchNearest from './migrations/2026-11-24-40-search-nearest.ts';
import * as bookingLife from './migrations/2026-11-24-50-booking-life.ts';
import * as icalFeeds from './migrations/2026-11-24-60-ical-feeds.ts';
import * as noticeClaims from './migrations/2026-11-25-10-notice-claims.ts';
import * as refundTracking from './migrations/2026-11-25-30-refund-tracking.ts';
import * as rateLimits from './migrations/2026-11-26-10-rate-limits.ts';
import * as signInSuccesses from './migrations/2026-11-26-20-sign-in-successes.ts';
import * as dashboardWelcome from './migrations/2026-11-27-15-dashboard-welcome.ts';
import * as draftSteps from './migrations/2026-11-27-40-draft-steps.ts';
import * as messaging from './migrations/2026-11-27-60-messaging.ts';
import * as messageNotices from './migrations/2026-11-27-70-message-notices.ts';
import * as rateLimitsUnlogged from './migrations/2026-11-27-75-rate-limits-unlogged.ts';
import * as reviews from './migrations/2026-11-27-80-reviews.ts';
import * as refundRequests from './migrations/2026-11-27-90-refund-requests.ts';
import * as ledger from './migrations/2026-11-28-10-ledger.ts';
import * as ledgerHostMark from './migrations/2026-11-28-30-ledger-host-mark.ts';
import * as adminAudit from './migrations/2026-11-29-10-admin-audit.ts';
import * as listingModeration from './migrations/2026-11-29-30-listing-moderation.ts';
import * as analytics from './migrations/2026-11-29-40-analytics.ts';
import * as migrationChecksums from './migrations/2026-11-29-45-migration-checksums.ts';
import * as smsSends from './migrations/2026-11-30-20-sms-sends.ts';
import * as sessionProofs from './migrations/2026-11-30-30-session-proofs.ts';
import * as emailChanges from './migrations/2026-11-30-40-email-changes.ts';
import * as passkeys from './migrations/2026-11-30-50-passkeys.ts';
import * as sessionEndNotices from './migrations/2026-12-03-10-session-end-notices.ts';

/**
 * Migrations are listed here rather than discovered on disk, so the list is the same under Node,
 * Vitest and any bundler. Names sort by date; never rename or edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21-01-accounts': accounts,
  '2026-11-21-10-notifications': notifications,
  '2026-11-21-20-bathrooms': bathrooms,
  '2026-11-22-10-search-speed': searchSpeed,
  '2026-11-22-40-bookings': bookings,
  '2026-11-22-50-payments': payments,
  '2026-11-22-60-booking-payments': bookingPayments,
  '2026-11-24-10-outbox-order': outboxOrder,
  '2026-11-24-40-search-nearest': searchNearest,
  '2026-11-24-50-booking-life': bookingLife,
  '2026-11-24-60-ical-feeds': icalFeeds,
  '2026-11-25-10-notice-claims': noticeClaims,
  '2026-11-25-30-refund-tracking': refundTracking,
  '2026-11-26-10-rate-limits': rateLimits,
  '2026-11-26-20-sign-in-successes': signInSuccesses,
  '2026-11-27-15-dashboard-welcome': dashboardWelcome,
  '2026-11-27-40-draft-steps': draftSteps,
  '2026-11-27-60-messaging': messaging,
  '2026-11-27-70-message-notices': messageNotices,
  '2026-11-27-75-rate-limits-unlogged': rateLimitsUnlogged,
  '2026-11-27-80-reviews': reviews,
  '2026-11-27-90-refund-requests': refundRequests,
  '2026-11-28-10-ledger': ledger,
  '2026-11-28-30-ledger-host-mark': ledgerHostMark,
  '2026-11-29-10-admin-audit': adminAudit,
  '2026-11-29-30-listing-moderation': listingModeration,
  '2026-11-29-40-analytics': analytics,
  '2026-11-29-45-migration-checksums': migrationChecksums,
  '2026-11-30-20-sms-sends': smsSends,
  '2026-11-30-30-session-proofs': sessionProofs,
  '2026-11-30-40-email-changes': emailChanges,
  '2026-11-30-50-passkeys': passkeys,
  '2026-12-03-10-session-end-notices': sessionEndNotices,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Every migration this code has, in the order they run (the database-setup page lists them). */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

/**
 * A restart's common case, answered with one query: the database has run exactly the migrations
 * this code has. Kysely's migrator would first create its tables if missing and take its lock,
 * about half a second on PGlite (bench:cold-start); anything else (a new migration, a fresh or
 * foreign database) goes through it as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
async function isUpToDate(db: Kysely<any>, schema: string | null): Promise<boolean> {
  const names = Object.keys(migrations).sort();
  const table = schema ? sql.id(schema, 'kysely_migration') : sql.id('kysely_migration');
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table} order by name`.execute(db);
    return rows.length === names.length && rows.every((row, index) => row.name === names[index]);
  } catch {
    // No bookkeeping table yet: a new database.
    return false;
  }
}

export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
  db: Kysely<any>,
  options: { schema?: string | null } = {},
): Promise<string[]> {
  if (await isUpToDate(db, options.schema ?? null)) return [];
  // Name the schema when there is one: Kysely otherwise looks for its bookkeeping tables in every
  // schema, and finds another test suite's.
  const migrator = new Migrator({
    db,
    provider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
  // What each file said when it ran (ADR 139). Best effort: a database migrated without the table
  // (an older partial run) still starts; the setup page then records what it first sees.
  await recordAppliedChecksums(db, applied, options.schema ?? null).catch(() => {});
  return applied;
}
