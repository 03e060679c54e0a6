import type { BookingStatus } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { type Executor, transitionBooking, transitionStaleHolds } from './repository.ts';

/**
 * Every change of a booking's status goes through here (ADR 090). Each move is one guarded
 * UPDATE (`where status in <allowed from>`), so two processes, a retried job or a replayed webhook
 * asking for the same move change the row once: the second finds it already there and reports
 * `changed: false`, which callers use to send each notification once.
 */

/** Allowed moves: to ← from. Terminal states (completed, cancelled, expired) have no way out. */
export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_payment: [],
  confirmed: ['pending_payment'],
  checked_in: ['confirmed'],
  completed: ['confirmed', 'checked_in'],
  cancelled: ['pending_payment', 'confirmed'],
  expired: ['pending_payment'],
};

/** The states that hold the bathroom's time (the exclusion constraint's WHERE). */
export const LIVE_STATUSES = ['pending_payment', 'confirmed', 'checked_in'] as const;

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[to].includes(from);
}

/** The timestamp column each state stamps when it is reached. */
export const STAMPS = {
  confirmed: 'confirmed_at',
  checked_in: 'checked_in_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
} as const satisfies Partial<Record<BookingStatus, string>>;

export type TransitionOptions = {
  /** Who cancelled, and why (cancelled only). */
  cancelledBy?: string | null;
  reason?: string | null;
  /** Extra guard: the move happens only while the hold has run out (expired only). */
  onlyIfHoldExpired?: boolean;
};

export type TransitionResult =
  | { changed: true; status: BookingStatus }
  | { changed: false; status: BookingStatus | null };

/**
 * Moves one booking to `to` if it is in a state that may move there. Asking again for a move that
 * has happened is not an error (`changed: false`); asking for an impossible one is a 409, and a
 * booking that does not exist answers `status: null`.
 */
export async function moveBooking(
  db: Executor,
  bookingId: string,
  to: BookingStatus,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const from = TRANSITIONS[to];
  if (!from.length) throw new Error(`No booking moves to ${to}`);
  const outcome = await transitionBooking(db, bookingId, {
    from,
    to,
    stamp: to in STAMPS ? STAMPS[to as keyof typeof STAMPS] : null,
    cancelledBy: options.cancelledBy ?? null,
    reason: options.reason ?? null,
    onlyIfHoldExpired: options.onlyIfHoldExpired ?? false,
  });
  if (outcome.changed) return { changed: true, status: to };
  if (outcome.current === null || outcome.current === to) return { changed: false, status: outcome.current };
  // The expiry job leaves alone a hold not yet run out, and a booking paid in the meantime.
  if (options.onlyIfHoldExpired) return { changed: false, status: outcome.current };
  throw new AppError(
    'conflict',
    `This booking is ${outcome.current.replace('_', ' ')} and cannot become ${to.replace('_', ' ')}.`,
  );
}

/**
 * Expires every unpaid hold whose time has run out, on one bathroom or everywhere (the sweep).
 * The same move as `moveBooking(…, 'expired')`, set-wise; returns the ids it expired.
 */
export async function expireStaleHolds(db: Executor, bathroomId?: string): Promise<string[]> {
  return transitionStaleHolds(db, bathroomId);
}
