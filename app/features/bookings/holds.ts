/**
 * Unpaid holds as people read them (ADR 115). A hold keeps a slot for its guest for 15 minutes while
 * they pay (ADR 090); it is not a booking yet, so hosts see it apart from their bookings, with the
 * time it lets go, and the guest sees how long is left and a way to pay.
 */

type Hold = { status: string; hold_expires_at: string | null };

/** A hold the guest can still pay: unpaid and not yet run out. */
export function isLiveHold(booking: Hold, now: number): boolean {
  return (
    booking.status === 'pending_payment' &&
    booking.hold_expires_at !== null &&
    new Date(booking.hold_expires_at).getTime() > now
  );
}

/** "10:45 AM EST": when the hold lets go, on the bathroom's wall clock. */
export function holdExpiryTime(booking: { hold_expires_at: string | null; timezone: string }): string {
  if (!booking.hold_expires_at) return '';
  return new Date(booking.hold_expires_at).toLocaleTimeString('en-US', {
    timeZone: booking.timezone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The host's words for a hold: "Held, awaiting payment, expires 10:45 AM EST". */
export function hostHoldText(booking: { hold_expires_at: string | null; timezone: string }): string {
  return `Held, awaiting payment, expires ${holdExpiryTime(booking)}`;
}

/** "12:05 left" (minutes and seconds; a hold never lasts an hour); null once run out. */
export function holdLeftText(leftMs: number): string | null {
  if (leftMs <= 0) return null;
  const seconds = Math.floor(leftMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
}

/** Splits a host's list: live holds apart from bookings; holds that ran out are not shown at all. */
export function splitHolds<T extends Hold>(
  bookings: readonly T[],
  now: number,
): { holds: T[]; bookings: T[] } {
  const holds: T[] = [];
  const rest: T[] = [];
  for (const booking of bookings) {
    if (booking.status !== 'pending_payment') rest.push(booking);
    else if (isLiveHold(booking, now)) holds.push(booking);
  }
  return { holds, bookings: rest };
}
