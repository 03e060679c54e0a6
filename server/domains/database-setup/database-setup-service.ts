import type { DatabaseSetupReport, MigrationStatus } from '../../../common/schemas/database-setup.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { migrationNames } from '../../db/migrate.ts';
import { migrationSourceChecksum } from '../../db/migration-checksums.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import {
  countRows,
  insertFirstSeenChecksums,
  retryFailedJob,
  selectAppliedMigrations,
  selectChecksums,
  selectFailedJobs,
  selectJobCounts,
  selectTableSizes,
  selectVersion,
  truncateAppData,
} from './repository.ts';

const FAILED_SHOWN = 20;

/** The error a failed job left, in one short line (pg-boss stores what the handler threw). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const record = output as { message?: unknown; value?: unknown };
    if (typeof record.message === 'string') return record.message.slice(0, 300);
    if (typeof record.value === 'string') return record.value.slice(0, 300);
  }
  return output === null || output === undefined
    ? 'No error was recorded.'
    : JSON.stringify(output).slice(0, 300);
}

/**
 * /admin/database-setup (ADR 139): what the database has run, how big it is, how the job queues
 * are doing; a failed job retried and, outside production, the demo data reseeded, both audited.
 */
export function createDatabaseSetupService(deps: {
  database: DatabaseHandle;
  env: 'development' | 'production' | 'test';
  /** pg-boss's schema (pgboss, or pgboss_<schema> for a test suite). */
  jobsSchema: string;
}) {
  const { db } = deps.database;
  const canReseed = deps.env !== 'production';

  async function migrations(): Promise<MigrationStatus[]> {
    const [applied, recorded] = await Promise.all([selectAppliedMigrations(db), selectChecksums(db)]);
    const appliedAt = new Map(applied.map((row) => [row.name, row.timestamp]));
    const known = migrationNames();
    const names = [...new Set([...known, ...appliedAt.keys()])].sort();
    const files = new Map(
      await Promise.all(names.map(async (name) => [name, await migrationSourceChecksum(name)] as const)),
    );
    // Trust on first use for migrations that ran before checksums were kept: record today's file,
    // and say so on the page rather than calling it verified.
    const stored = new Map(recorded.map((row) => [row.name, row]));
    const firstSeen = names
      .filter((name) => appliedAt.has(name) && !stored.has(name) && files.get(name))
      .map((name) => ({ name, sha256: files.get(name) as string }));
    await insertFirstSeenChecksums(db, firstSeen);
    for (const row of firstSeen)
      stored.set(row.name, { ...row, recorded_when: 'first_seen', recorded_at: new Date() });

    return names.map((name) => {
      const ran = appliedAt.get(name);
      const file = files.get(name) ?? null;
      const record = stored.get(name) ?? null;
      const base = {
        name,
        appliedAt: ran ? new Date(ran).toISOString() : null,
        fileSha256: file,
        recordedSha256: record?.sha256 ?? null,
        recordedWhen: record?.recorded_when ?? null,
      };
      if (!ran) return { ...base, check: 'pending' as const };
      if (!known.includes(name)) return { ...base, check: 'unknown' as const };
      if (!file) return { ...base, check: 'unreadable' as const };
      if (record && record.sha256 !== file) return { ...base, check: 'changed' as const };
      return {
        ...base,
        check: record?.recorded_when === 'applied' ? ('match' as const) : ('first_seen' as const),
      };
    });
  }

  async function jobs(): Promise<DatabaseSetupReport['jobs']> {
    try {
      const [counts, failed] = await Promise.all([
        selectJobCounts(db, deps.jobsSchema),
        selectFailedJobs(db, deps.jobsSchema, FAILED_SHOWN),
      ]);
      const queues = new Map<string, Record<string, number>>();
      for (const row of counts) {
        const states = queues.get(row.name) ?? {};
        states[row.state] = row.count;
        queues.set(row.name, states);
      }
      return {
        available: true,
        queues: [...queues].map(([name, states]) => ({ name, states })),
        failed: failed.map((job) => ({
          id: job.id,
          name: job.name,
          failedAt: job.completed_on ? new Date(job.completed_on).toISOString() : null,
          retries: job.retry_count,
          error: errorText(job.output),
        })),
      };
    } catch {
      // pg-boss makes its schema when the scheduler first starts; before that there is nothing to show.
      return { available: false, queues: [], failed: [] };
    }
  }

  return {
    canReseed,

    async report(): Promise<DatabaseSetupReport> {
      const [version, migrationList, tables, queueHealth] = await Promise.all([
        selectVersion(db),
        migrations(),
        selectTableSizes(db),
        jobs(),
      ]);
      // PGlite never analyzes on its own: count exactly there (a development-sized database).
      const exact =
        deps.database.kind === 'pglite'
          ? await countRows(
              db,
              tables.map((row) => row.name),
            )
          : new Map();
      return {
        kind: deps.database.kind,
        version,
        migrations: migrationList,
        tables: tables.map((row) => ({
          name: row.name,
          bytes: Number(row.bytes),
          rows: exact.get(row.name) ?? (row.rows === null ? null : Number(row.rows)),
        })),
        jobs: queueHealth,
        canReseed,
      };
    },

    /** Runs a failed job again (pg-boss's retry), recorded in the audit log in the same transaction. */
    async retryJob(adminId: string, name: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const retried = await retryFailedJob(trx, deps.jobsSchema, name, id).catch((error: unknown) => {
          // No pg-boss schema yet (the scheduler has never started here): there is no such job.
          if (['42P01', '3F000'].includes((error as { code?: string }).code ?? '')) return false;
          throw error;
        });
        if (!retried) {
          throw new AppError('not_found', 'There is no failed job with that id in that queue.');
        }
        await recordAdminAction(trx, {
          actorId: adminId,
          action: 'job.retried',
          targetType: 'job',
          targetId: id,
          summary: `Retried failed job ${name}`,
          before: { state: 'failed' },
          after: { state: 'retry' },
        });
      });
    },

    /**
     * Empties the app's tables and seeds the demo data again (never in production). The wipe and its
     * audit entry commit together; seeding follows through the same code `npm start` uses.
     */
    async reseed(adminId: string, seed: () => Promise<unknown>): Promise<{ tables: number }> {
      if (!canReseed) throw new AppError('forbidden', 'Reseeding is switched off in production.');
      const tables = await db.transaction().execute(async (trx) => {
        const count = await truncateAppData(trx);
        await recordAdminAction(trx, {
          actorId: adminId,
          action: 'database.reseeded',
          targetType: 'database',
          targetId: deps.database.kind,
          summary: `Emptied ${count} tables and reseeded the demo data`,
        });
        return count;
      });
      await seed();
      return { tables };
    },
  };
}

export type DatabaseSetupService = ReturnType<typeof createDatabaseSetupService>;
