import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/harness.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

const quietLog = { error: () => {}, warn: () => {}, info: () => {} };

for (const kind of databaseKinds()) {
  describe(`job scheduler [${kind}]`, () => {
    let scheduler: Scheduler;
    let drop: () => Promise<void>;
    const runs: Array<{ key: string; at: number }> = [];

    beforeAll(async () => {
      const database = await openTestDatabase(kind);
      drop = database.drop;
      scheduler = createScheduler(database, quietLog, {
        schema: database.schema ? `pgboss_${database.schema}` : 'pgboss',
      });
      scheduler.define<{ key: string }>({
        name: 'test.record',
        handler: async (data) => {
          runs.push({ key: data.key, at: Date.now() });
        },
      });
      await scheduler.start();
    });

    afterAll(async () => {
      await scheduler.stop();
      await drop();
    });

    it('runs a job once, not before its start time', async () => {
      const startAfter = new Date(Date.now() + 1500);
      await scheduler.send('test.record', { key: 'later' }, { startAfter });
      await expect
        .poll(() => runs.filter((r) => r.key === 'later').length, { timeout: 15_000, interval: 200 })
        .toBe(1);
      expect(runs.find((r) => r.key === 'later')!.at).toBeGreaterThanOrEqual(startAfter.getTime());
    });

    it('schedules a job once however often it is sent with the same key', async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(() =>
          scheduler.send('test.record', { key: 'single' }, { singletonKey: 'reminder:b1' }),
        ),
      );
      expect(ids.filter(Boolean)).toHaveLength(1);
      await expect
        .poll(() => runs.filter((r) => r.key === 'single').length, { timeout: 15_000, interval: 200 })
        .toBe(1);
    });

    it('refuses unknown job names', async () => {
      await expect(scheduler.send('test.unknown', {})).rejects.toThrow(/Unknown job/);
    });
  });
}
