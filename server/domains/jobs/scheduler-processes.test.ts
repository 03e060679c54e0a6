import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

/**
 * Exactly-once across processes and restarts (ADR 052): two schedulers, each with its own
 * connection pool as two server processes would have, on one PostgreSQL. PGlite lives inside one
 * process, so there is nothing to test there.
 */

const url = process.env.TEST_DATABASE_URL;
const reason = url ? '' : ' (skipped: needs PostgreSQL, run with npm run test:pg)';
const quietLog = { error: () => {}, warn: () => {}, info: () => {} };

describe.skipIf(!url)(`job scheduler across processes on one PostgreSQL${reason}`, () => {
  const databases: DatabaseHandle[] = [];
  let schema: string;
  let drop: () => Promise<void>;
  const runs: Array<{ key: string; by: string; at: number }> = [];
  const running = new Set<Scheduler>();

  /** A scheduler as one process would start it, recording which "process" ran each job. */
  async function startProcess(name: string): Promise<Scheduler> {
    const database = await openDatabase({ kind: 'postgres', url: url as string }, { searchPath: schema });
    databases.push(database);
    const scheduler = createScheduler(database, quietLog, { schema: `pgboss_${schema}` });
    scheduler.define<{ key: string }>({
      name: 'test.effect',
      handler: async ({ key }) => {
        runs.push({ key, by: name, at: Date.now() });
      },
    });
    await scheduler.start();
    running.add(scheduler);
    return scheduler;
  }

  async function stop(scheduler: Scheduler) {
    await scheduler.stop();
    running.delete(scheduler);
  }

  beforeAll(async () => {
    const database = await openTestDatabase('postgres');
    schema = database.schema as string;
    drop = database.drop;
  });

  afterAll(async () => {
    for (const scheduler of running) await scheduler.stop();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it('two processes sending the same singleton job run it once between them', async () => {
    const [a, b] = [await startProcess('a'), await startProcess('b')];
    const sent = await Promise.all(
      [a, b, a, b].map((scheduler) =>
        scheduler.send('test.effect', { key: 'reminder' }, { singletonKey: 'booking-1:reminder' }),
      ),
    );
    expect(sent.filter(Boolean)).toHaveLength(1);
    await expect.poll(() => runs.filter((run) => run.key === 'reminder').length, { timeout: 15_000 }).toBe(1);
    // Both keep polling for a while longer; neither runs it again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(runs.filter((run) => run.key === 'reminder')).toHaveLength(1);
    await stop(a);
    await stop(b);
  });

  it('a job scheduled before every process stopped runs once after a restart', async () => {
    const [a, b] = [await startProcess('before-1'), await startProcess('before-2')];
    const startAfter = new Date(Date.now() + 4000);
    await a.send('test.effect', { key: 'after-restart' }, { startAfter, singletonKey: 'hold-1:expire' });
    await stop(a);
    await stop(b);
    expect(runs.filter((run) => run.key === 'after-restart')).toEqual([]);

    await startProcess('restarted');
    await expect
      .poll(() => runs.filter((run) => run.key === 'after-restart').length, { timeout: 20_000 })
      .toBe(1);
    const run = runs.find((item) => item.key === 'after-restart');
    expect(run?.by).toBe('restarted');
    expect(run?.at).toBeGreaterThanOrEqual(startAfter.getTime());
  });
});
