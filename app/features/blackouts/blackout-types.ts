import type { AffectedBooking, BlackoutView } from '../../../common/schemas/blackouts.ts';

/** What the blackout action answers (blackout-form.server.ts), for the pages' components. */
export type BlackoutActionData =
  | { kind: 'error'; message: string; field?: string }
  | {
      kind: 'confirm';
      bookings: AffectedBooking[];
      timezone: string;
      input: { bathroomId: string; startsAt: string; endsAt: string; reason: string };
    }
  | { kind: 'saved'; blackout: BlackoutView; cancelled: AffectedBooking[]; timezone: string }
  | { kind: 'removed' };
