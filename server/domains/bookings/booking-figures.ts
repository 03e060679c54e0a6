import type { Db } from '../../db/database.ts';
import { countBookingFigures } from './figures-repository.ts';

/**
 * The admin dashboard's booking figures (ADR 133): bookings confirmed since `since` (paid, whatever
 * became of them after) and bookings under way now (confirmed or checked in, between start and end).
 */
export function bookingFigures(db: Db, since: Date, now: Date) {
  return countBookingFigures(db, since, now);
}
