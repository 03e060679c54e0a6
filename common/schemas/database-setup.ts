import { z } from 'zod';
import { singleLineText } from './text.ts';

/*
 * /admin/database-setup (ADR 139). Admins only.
 *
 *   GET  /api/admin/database-setup                         → DatabaseSetupReport
 *   POST /api/admin/database-setup/jobs/:id/retry  retryJobSchema   (a failed job runs again; audited)
 *   POST /api/admin/database-setup/reseed          reseedSchema     (not in production; audited)
 */

export const RESEED_CONFIRMATION = 'reseed';

export const retryJobParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Give the job id.' }),
});
export const retryJobSchema = z.strictObject({
  name: singleLineText().trim().min(1, 'Give the queue name.').max(200),
});
export type RetryJobInput = z.infer<typeof retryJobSchema>;

export const reseedSchema = z.strictObject({
  confirm: singleLineText()
    .trim()
    .refine((value) => value === RESEED_CONFIRMATION, { message: `Type ${RESEED_CONFIRMATION} to confirm.` }),
});

/**
 * How a migration's file compares with what ran: `match` (same sha256 as recorded), `changed`
 * (the file differs from the recorded one), `first_seen` (applied before checksums were kept: the
 * page recorded today's file, which proves nothing about what ran), `pending` (not applied),
 * `unknown` (applied, but this code has no such file), `unreadable` (the source is not on disk).
 */
export type MigrationCheck = 'match' | 'changed' | 'first_seen' | 'pending' | 'unknown' | 'unreadable';

export type MigrationStatus = {
  name: string;
  appliedAt: string | null;
  check: MigrationCheck;
  fileSha256: string | null;
  recordedSha256: string | null;
  recordedWhen: 'applied' | 'first_seen' | null;
};

/** rows: exact on PGlite; PostgreSQL's estimate otherwise (null before a table is first analyzed). */
export type TableSize = { name: string; bytes: number; rows: number | null };
export type QueueHealth = { name: string; states: Record<string, number> };
export type FailedJob = {
  id: string;
  name: string;
  failedAt: string | null;
  retries: number;
  error: string;
};

export type DatabaseSetupReport = {
  kind: 'pglite' | 'postgres';
  version: string;
  migrations: MigrationStatus[];
  tables: TableSize[];
  jobs: { available: boolean; queues: QueueHealth[]; failed: FailedJob[] };
  /** Whether this server lets an admin reseed the demo data (never with APP_ENV=production). */
  canReseed: boolean;
};
