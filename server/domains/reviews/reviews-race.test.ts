import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { runRace, seedRace } from './review-race-test-support.ts';
import { storedAndFresh } from './review-test-support.ts';

/**
 * 1,000 publications at once over 20 bathrooms (ADR 125): every bathroom's stored averages and
 * count end exactly equal to a fresh aggregate of its published reviews, on PGlite and PostgreSQL.
 */
describeWithApp('reviews: concurrent publications keep the averages exact', (ctx) => {
  it('1,000 concurrent publications over 20 bathrooms', { timeout: 180_000 }, async () => {
    const db = ctx().services.db;
    const scene = await seedRace(db, { bathrooms: 20, bookings: 1000 });
    // PGlite: all 1,000 at once. PostgreSQL: 50 in flight on the tests' 5-connection pool (each
    // waiting write holds no lock until it has a connection, so the race is the same).
    const latencies = await runRace(ctx().services.reviews, scene, ctx().kind === 'pglite' ? 1000 : 50);
    expect(latencies).toHaveLength(1000);
    const published = await db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('published_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(published.count)).toBe(2000);
    const { stored, fresh } = await storedAndFresh(ctx, scene.bathroomIds);
    expect(stored).toEqual(fresh);
    expect(stored.reduce((sum, row) => sum + row.count, 0)).toBe(1000);
    // The ratings spread over decimals: a lost update would show.
    expect(new Set(stored.map((row) => row.average)).size).toBeGreaterThan(1);
  });
});
