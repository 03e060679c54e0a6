import type { Db } from '../../db/database.ts';
import { findSlotSchedule } from './repository.ts';

/**
 * The availability domain's read for other domains: a bathroom's slot rules, live bookings and
 * blackouts over a window. Booking creation runs it inside its own transaction with
 * `lockBathroom` (ADR 090), so it takes the database or a transaction instead of living on the
 * service object that holds its own `db`.
 */
export function readSlotSchedule(
  db: Db,
  bathroomId: string,
  window: { start: Date; end: Date },
  options: { lockBathroom?: boolean } = {},
) {
  return findSlotSchedule(db, bathroomId, window, options);
}

export type SlotSchedule = NonNullable<Awaited<ReturnType<typeof readSlotSchedule>>>;
