import { bathroomHasBookings, type Executor } from './repository.ts';

/**
 * Whether a bathroom has ever been booked, for the properties domain: bookings are kept with their
 * payments (ADR 090), so a booked bathroom may be unpublished but not deleted. Takes the caller's
 * transaction, which holds the bathroom's row lock while it decides.
 */
export function hasBookingRecords(db: Executor, bathroomId: string): Promise<boolean> {
  return bathroomHasBookings(db, bathroomId);
}
