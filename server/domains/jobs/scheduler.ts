import { createHash } from 'node:crypto';
import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/database.ts';

type Logger = {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export type JobDefinition<T> = {
  name: string;
  handler: JobHandler<T>;
  /** Retries with back-off before the job is given up; effects must be idempotent either way. */
  retryLimit?: number;
  /** Optional cron (UTC) to run it on a schedule; pg-boss runs each tick once across processes. */
  cron?: string;
};

export type SendJobOptions = {
  /** Run no earlier than this instant (reminders, hold expiries, completions). */
  startAfter?: Date;
  /**
   * Same key → one job, ever: sending twice (two processes, a retry, a restart) schedules it once.
   * The key becomes the job's id, and pg-boss ignores an insert whose id exists.
   */
  singletonKey?: string;
};

/** A stable UUID (version 5 layout, SHA-1 based) for a job name and key. */
export function jobIdFor(name: string, key: string): string {
  const bytes = createHash('sha1').update(`privy-job:${name}:${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Timed work (reminders, hold expiries, completions, email sweeps) on pg-boss, stored in the same
 * PostgreSQL, so jobs survive restarts and each runs once across every server process. Handlers
 * must make their effect idempotent (a guarded state transition), which turns pg-boss's
 * at-least-once delivery into exactly-once effects.
 */
export function createScheduler(database: DatabaseHandle, log: Logger, options: { schema?: string } = {}) {
  const definitions = new Map<string, JobDefinition<unknown>>();
  let boss: PgBoss | null = null;
  // pg-boss keeps polling through an outage and picks up where it was once the database answers:
  // jobs are paused, not lost (ADR 107).
  database.health.onChange((state) => {
    if (!boss) return;
    if (state.up) log.info({}, 'jobs resumed: the database answers again');
    else log.warn({ cause: state.cause }, 'jobs paused until the database answers');
  });

  function connection() {
    if (database.pglite) {
      const pglite = database.pglite;
      // PGlite has one connection. Going through Kysely's connection queue keeps pg-boss's queries
      // from landing inside a transaction the app has open on that same connection.
      const serialized = {
        query: (text: string, params?: unknown[]) =>
          database.db.connection().execute(() => pglite.query(text, params)),
        exec: (text: string) => database.db.connection().execute(() => pglite.exec(text)),
        listen: pglite.listen.bind(pglite),
      };
      return { db: fromPglite(serialized as Parameters<typeof fromPglite>[0]), backend: 'pglite' as const };
    }
    const url = (database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    return { connectionString: url, max: 4 };
  }

  return {
    define<T>(definition: JobDefinition<T>) {
      if (boss) throw new Error(`Define job ${definition.name} before the scheduler starts`);
      definitions.set(definition.name, definition as JobDefinition<unknown>);
    },

    async start() {
      if (boss) return;
      boss = new PgBoss({
        ...connection(),
        schema: options.schema ?? 'pgboss',
        application_name: 'privy-jobs',
      });
      boss.on('error', (error) => {
        // While the database is away every poll fails the same way; the health monitor says it once.
        if (!database.health.report(error)) log.error({ err: error }, 'job scheduler error');
      });
      await boss.start();
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name, {
          retryLimit: definition.retryLimit ?? 5,
          retryBackoff: true,
        });
        await boss.work<unknown>(definition.name, { batchSize: 1 }, async ([job]) => {
          if (job) await definition.handler(job.data, { id: job.id, name: job.name });
        });
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    },

    async send<T extends object>(name: string, data: T, sendOptions: SendJobOptions = {}) {
      if (!boss) throw new Error('The job scheduler is not running');
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      return boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { id: jobIdFor(name, sendOptions.singletonKey) } : {}),
      });
    },

    isRunning: () => boss !== null,

    async stop() {
      if (!boss) return;
      const running = boss;
      boss = null;
      await running.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
