import type { Db } from '../../db/database.ts';
import { selectRecentBathroomBookings } from './recent-bookings-repository.ts';

/**
 * A bathroom's latest bookings for the admin's listing page (/admin/properties/:id, ADR 136): the
 * bookings domain's read, named for the properties domain that shows it.
 */
export async function recentBathroomBookings(db: Db, bathroomId: string, limit = 10) {
  const rows = await selectRecentBathroomBookings(db, bathroomId, limit);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    starts_at: new Date(row.starts_at).toISOString(),
    guest_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Guest',
    price_cents: row.price_cents,
  }));
}
