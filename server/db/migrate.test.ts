import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrateToLatest', () => {
  it('runs every migration on a new database, nothing on a restart, and a missing one when it appears', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataPath: 'memory://' });
    try {
      const first = await migrateToLatest(handle.db);
      expect(first.length).toBeGreaterThan(5);
      expect(first).toEqual([...first].sort());
      expect(await migrateToLatest(handle.db)).toEqual([]);
      // As if the code had gained its newest migration since the last start.
      const newest = first.at(-1) as string;
      const { down } = await import(`./migrations/${newest}.ts`);
      await down(handle.db);
      await sql`delete from kysely_migration where name = ${newest}`.execute(handle.db);
      expect(await migrateToLatest(handle.db)).toEqual([newest]);
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
