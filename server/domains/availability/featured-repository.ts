import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The home page's "Featured bathrooms" (ADR 136): published listings an admin featured, newest
 * first, with the card's columns. One indexed query over the few featured rows.
 */
export async function findFeaturedBathrooms(db: Db, limit: number) {
  return db
    .selectFrom('bathroom_moderation as m')
    .innerJoin('bathrooms as b', 'b.id', 'm.bathroom_id')
    .leftJoin('bathroom_photos as p', (join) =>
      join.onRef('p.bathroom_id', '=', 'b.id').on('p.position', '=', 0),
    )
    .select([
      'b.id',
      'b.title',
      'b.hourly_price_cents',
      sql<string | null>`b.rating_average::text`.as('rating_average'),
      'b.rating_count',
      'b.accessibility',
      'b.amenities',
      'b.public_latitude',
      'b.public_longitude',
      'b.city',
      'b.state_code',
      'b.timezone',
      'p.key_1x as cover_key_1x',
      'p.key_2x as cover_key_2x',
      'p.alt as cover_alt',
    ])
    .where('m.featured_at', 'is not', null)
    .where('m.hold_reason', 'is', null)
    .where('b.status', '=', 'published')
    .orderBy('m.featured_at', 'desc')
    .limit(limit)
    .execute();
}
