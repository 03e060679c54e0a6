import {
  type AffectedBooking,
  BLACKOUT_MAX_DAYS,
  type BlackoutInput,
  type BlackoutList,
  type BlackoutPreview,
  type BlackoutView,
  type CreateBlackoutInput,
} from '../../../common/schemas/blackouts.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { BookingService } from '../bookings/booking-service.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import {
  blackoutNoticeSent,
  deleteBlackout,
  findBathroom,
  findBlackout,
  findOverlappingBlackout,
  insertBlackout,
  isExclusionViolation,
  listBlackouts,
  listLiveBookingsIn,
  lockBathroom,
} from './repository.ts';

/**
 * Blackouts (ADR 094): a host blocks a range on one bathroom. The slot engine already refuses any
 * start inside one (availability/slots.ts); this service writes them, cancels the live bookings
 * they cover (full refund, through the bookings service) and tells the host when they begin and end.
 */

export type BlackoutActor = { userId: string; isProvider: boolean; isAdmin: boolean };

export const BLACKOUT_STARTED_JOB = 'blackouts.started';
export const BLACKOUT_ENDED_JOB = 'blackouts.ended';

export type BlackoutDeps = {
  db: Db;
  bookings: Pick<BookingService, 'cancelWithFullRefund'>;
  notifications: Pick<NotificationService, 'notifyMany' | 'notifyAdmins'>;
  jobs: Pick<Scheduler, 'send' | 'isRunning'>;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** The clock for "past", "ongoing" and the start/end notices (tests move it). */
  now?: () => Date;
};

type LiveBooking = Awaited<ReturnType<typeof listLiveBookingsIn>>[number];
type BlackoutRow = NonNullable<Awaited<ReturnType<typeof findBlackout>>>;

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** "Tue, Dec 1, 2026, 3:00 PM EST" on the bathroom's wall clock. */
export function zonedWhen(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

const noSuchBathroom = () => new AppError('not_found', 'There is no such bathroom.');
const noSuchBlackout = () => new AppError('not_found', 'There is no such blackout.');
const fieldError = (field: string, message: string) =>
  new AppError('validation_error', message, [{ field, message }]);

function refundOf(row: LiveBooking): number {
  return row.status === 'pending_payment'
    ? 0
    : Math.max(0, row.amount_paid_cents - row.amount_refunded_cents);
}

function toAffected(row: LiveBooking): AffectedBooking {
  return {
    booking_id: row.id,
    guest_first_name: row.first_name ?? 'Guest',
    status: row.status,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    refund_cents: refundOf(row),
    currency: row.currency,
  };
}

export function createBlackoutService(deps: BlackoutDeps) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  function toView(row: {
    id: string;
    bathroom_id: string;
    starts_at: Date;
    ends_at: Date;
    reason: string;
    created_at: Date;
  }): BlackoutView {
    const now = clock().getTime();
    const starts = new Date(row.starts_at);
    const ends = new Date(row.ends_at);
    return {
      id: row.id,
      bathroom_id: row.bathroom_id,
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      reason: row.reason,
      created_at: new Date(row.created_at).toISOString(),
      state: ends.getTime() <= now ? 'past' : starts.getTime() <= now ? 'ongoing' : 'upcoming',
    };
  }

  /** Hosts only, and only their own bathrooms (admins any); another host is told it does not exist. */
  function checkHost<T extends { host_id: string }>(actor: BlackoutActor, bathroom: T | undefined): T {
    if (!actor.isProvider && !actor.isAdmin) {
      throw new AppError('forbidden', 'Only hosts can block time on a bathroom.');
    }
    if (!bathroom || (!actor.isAdmin && bathroom.host_id !== actor.userId)) throw noSuchBathroom();
    return bathroom;
  }

  /** The range as asked, checked; a start already passed begins now (the past cannot be blocked). */
  function checkRange(input: BlackoutInput): { start: Date; end: Date } {
    const start = new Date(input.startsAt);
    const end = new Date(input.endsAt);
    const now = clock();
    if (end.getTime() <= start.getTime()) throw fieldError('endsAt', 'The end must be after the start.');
    if (end.getTime() <= now.getTime()) {
      throw fieldError('endsAt', 'That time has already passed. Choose an end in the future.');
    }
    if (end.getTime() - start.getTime() > BLACKOUT_MAX_DAYS * 86_400_000) {
      throw fieldError('endsAt', `A blackout can last at most ${BLACKOUT_MAX_DAYS} days.`);
    }
    return { start: start.getTime() < now.getTime() ? now : start, end };
  }

  function overlapError(other: { starts_at: Date; ends_at: Date }, timezone: string) {
    return new AppError(
      'conflict',
      `This bathroom already has a blackout from ${zonedWhen(new Date(other.starts_at), timezone)} to ${zonedWhen(new Date(other.ends_at), timezone)}. Change the times or remove that blackout first.`,
    );
  }

  function checkedInError(row: LiveBooking, timezone: string) {
    return new AppError(
      'conflict',
      `A guest is checked in until ${zonedWhen(new Date(row.ends_at), timezone)}. Start the blackout after that.`,
    );
  }

  /** The three cancellation notices (guest, host, admins), together. */
  async function notifyCancelled(blackout: BlackoutRow, row: LiveBooking, refundCents: number) {
    const when = zonedWhen(new Date(row.starts_at), blackout.timezone);
    const meta = { booking_id: row.id, bathroom_id: blackout.bathroom_id, blackout_id: blackout.id };
    const refund = refundCents > 0 ? ` Your ${usd(refundCents)} is on its way back to you in full.` : '';
    await db.transaction().execute(async (trx) => {
      await deps.notifications.notifyMany(
        [
          {
            userId: row.guest_id,
            type: 'booking_cancelled_blackout',
            message: `Your booking at ${blackout.title} on ${when} was cancelled because the host blocked that time.${refund}`,
            meta: { ...meta, user_id: blackout.host_id },
          },
          {
            userId: blackout.host_id,
            type: 'owner_booking_cancelled_blackout',
            message: `The booking at ${blackout.title} on ${when} was cancelled for your blackout; the guest gets ${refundCents > 0 ? `a full refund of ${usd(refundCents)}` : 'nothing to refund (it was unpaid)'}.`,
            meta: { ...meta, user_id: row.guest_id },
          },
        ],
        trx,
      );
      await deps.notifications.notifyAdmins(
        {
          type: 'admin_booking_cancelled_blackout',
          message: `A booking at ${blackout.title} on ${when} was cancelled by a blackout${refundCents > 0 ? `; ${usd(refundCents)} refunded` : ''}.`,
          meta: { ...meta, user_id: row.guest_id },
        },
        trx,
      );
    });
  }

  /**
   * Cancels every live booking inside the blackout, each with a full refund; notifies for those this
   * call moved. Safe to run again (a booking already cancelled is not moved, so not notified twice).
   */
  async function cancelBookingsIn(
    blackoutId: string,
    cancelledBy: string | null,
  ): Promise<AffectedBooking[]> {
    const blackout = await findBlackout(db, blackoutId);
    if (!blackout) return [];
    const live = await listLiveBookingsIn(
      db,
      blackout.bathroom_id,
      new Date(blackout.starts_at),
      new Date(blackout.ends_at),
    );
    const cancelled: AffectedBooking[] = [];
    for (const row of live) {
      if (row.status === 'checked_in') continue;
      try {
        const outcome = await deps.bookings.cancelWithFullRefund(row.id, {
          cancelledBy,
          reason: blackout.reason ? `Blackout: ${blackout.reason}` : 'The host blocked this time.',
          notify: 'none',
        });
        if (!outcome.changed) continue;
        await notifyCancelled(blackout, row, outcome.refundCents);
        cancelled.push({ ...toAffected(row), refund_cents: outcome.refundCents });
      } catch (error) {
        // The blackout stands; its start job runs this again (ADR 094).
        deps.log.error(
          { err: error, bookingId: row.id, blackoutId },
          'could not cancel a booking for a blackout',
        );
      }
    }
    return cancelled;
  }

  async function scheduleNotices(blackout: { id: string; starts_at: Date; ends_at: Date }) {
    // Not running (tests, tools): nothing is scheduled; the handlers are called directly there.
    if (!deps.jobs.isRunning()) return;
    try {
      await deps.jobs.send(
        BLACKOUT_STARTED_JOB,
        { blackoutId: blackout.id },
        { startAfter: new Date(blackout.starts_at), singletonKey: `${blackout.id}:started` },
      );
      await deps.jobs.send(
        BLACKOUT_ENDED_JOB,
        { blackoutId: blackout.id },
        { startAfter: new Date(blackout.ends_at), singletonKey: `${blackout.id}:ended` },
      );
    } catch (error) {
      deps.log.warn({ err: error, blackoutId: blackout.id }, 'could not schedule blackout notices');
    }
  }

  /** The start or end notice to the host: once, only if the blackout still exists and that time has come. */
  async function sendNotice(blackoutId: string, kind: 'started' | 'ended'): Promise<boolean> {
    const blackout = await findBlackout(db, blackoutId);
    if (!blackout) return false;
    const at = new Date(kind === 'started' ? blackout.starts_at : blackout.ends_at);
    if (clock().getTime() < at.getTime()) return false;
    // Bookings a failed cancellation left inside the blackout are cancelled now, at the latest.
    if (kind === 'started') await cancelBookingsIn(blackoutId, blackout.created_by);
    const type = kind === 'started' ? 'bathroom_blackout_started' : 'bathroom_blackout_ended';
    if (await blackoutNoticeSent(db, blackout.host_id, type, blackout.id)) return false;
    const message =
      kind === 'started'
        ? `Your blackout on ${blackout.title} has started; nothing can be booked until ${zonedWhen(new Date(blackout.ends_at), blackout.timezone)}.`
        : `Your blackout on ${blackout.title} has ended; guests can book it again.`;
    await deps.notifications.notifyMany([
      {
        userId: blackout.host_id,
        type,
        message,
        meta: { bathroom_id: blackout.bathroom_id, blackout_id: blackout.id },
      },
    ]);
    return true;
  }

  return {
    /** GET /api/manage/blackouts?bathroomId=: upcoming (and ongoing) first by start, past latest first. */
    async list(actor: BlackoutActor, bathroomId: string): Promise<BlackoutList> {
      const bathroom = checkHost(actor, await findBathroom(db, bathroomId));
      const views = (await listBlackouts(db, bathroomId)).map(toView);
      return {
        bathroom: { id: bathroom.id, title: bathroom.title, timezone: bathroom.timezone },
        upcoming: views.filter((view) => view.state !== 'past'),
        past: views.filter((view) => view.state === 'past').reverse(),
      };
    },

    /** POST /api/manage/blackouts/preview: the live bookings a blackout would cancel, and their refunds. */
    async preview(actor: BlackoutActor, input: BlackoutInput): Promise<BlackoutPreview> {
      const bathroom = checkHost(actor, await findBathroom(db, input.bathroomId));
      const { start, end } = checkRange(input);
      const other = await findOverlappingBlackout(db, bathroom.id, start, end);
      if (other) throw overlapError(other, bathroom.timezone);
      const live = await listLiveBookingsIn(db, bathroom.id, start, end);
      const checkedIn = live.find((row) => row.status === 'checked_in');
      if (checkedIn) throw checkedInError(checkedIn, bathroom.timezone);
      const bookings = live.map(toAffected);
      return {
        bathroom: { id: bathroom.id, title: bathroom.title, timezone: bathroom.timezone },
        bookings,
        refund_total_cents: bookings.reduce((sum, row) => sum + row.refund_cents, 0),
      };
    },

    /**
     * POST /api/manage/blackouts. The blackout is written in one transaction that holds the bathroom
     * against new bookings; without `confirm`, live bookings inside it stop the write and come back
     * to be shown (`needsConfirm`). The cancellations follow the commit, one guarded move each.
     */
    async create(
      actor: BlackoutActor,
      input: CreateBlackoutInput,
    ): Promise<
      { needsConfirm: AffectedBooking[] } | { blackout: BlackoutView; cancelled: AffectedBooking[] }
    > {
      const { start, end } = checkRange(input);
      let written: Awaited<ReturnType<typeof insertBlackout>> | AffectedBooking[];
      try {
        written = await db.transaction().execute(async (trx) => {
          const bathroom = checkHost(actor, await lockBathroom(trx, input.bathroomId));
          const other = await findOverlappingBlackout(trx, bathroom.id, start, end);
          if (other) throw overlapError(other, bathroom.timezone);
          const live = await listLiveBookingsIn(trx, bathroom.id, start, end);
          const checkedIn = live.find((row) => row.status === 'checked_in');
          if (checkedIn) throw checkedInError(checkedIn, bathroom.timezone);
          if (live.length > 0 && input.confirm !== true) return live.map(toAffected);
          return insertBlackout(trx, {
            bathroom_id: bathroom.id,
            starts_at: start,
            ends_at: end,
            reason: input.reason ?? '',
            created_by: actor.userId,
          });
        });
      } catch (error) {
        if (isExclusionViolation(error)) {
          throw new AppError(
            'conflict',
            'Another blackout on this bathroom meets that time. Change the times.',
          );
        }
        throw error;
      }
      if (Array.isArray(written)) return { needsConfirm: written };
      const cancelled = await cancelBookingsIn(written.id, actor.userId);
      await scheduleNotices(written);
      return { blackout: toView(written), cancelled };
    },

    /** DELETE /api/manage/blackouts/:id: an upcoming or ongoing one; cancelled bookings stay cancelled. */
    async remove(actor: BlackoutActor, blackoutId: string): Promise<void> {
      const blackout = await findBlackout(db, blackoutId);
      if (!blackout) throw noSuchBlackout();
      try {
        checkHost(actor, blackout);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') throw noSuchBlackout();
        throw error;
      }
      if (new Date(blackout.ends_at).getTime() <= clock().getTime()) {
        throw new AppError('conflict', 'This blackout is over; past blackouts stay on record.');
      }
      await deleteBlackout(db, blackoutId);
    },

    cancelBookingsIn,
    /** The start/end job handlers (idempotent; tests call them with a moved clock). */
    blackoutStarted: (blackoutId: string) => sendNotice(blackoutId, 'started'),
    blackoutEnded: (blackoutId: string) => sendNotice(blackoutId, 'ended'),
  };
}

export type BlackoutService = ReturnType<typeof createBlackoutService>;

/** The start/end notice jobs; define before the scheduler starts (ADR 052). */
export function defineBlackoutJobs(jobs: Pick<Scheduler, 'define'>, blackouts: BlackoutService) {
  jobs.define<{ blackoutId: string }>({
    name: BLACKOUT_STARTED_JOB,
    handler: async ({ blackoutId }) => {
      await blackouts.blackoutStarted(blackoutId);
    },
  });
  jobs.define<{ blackoutId: string }>({
    name: BLACKOUT_ENDED_JOB,
    handler: async ({ blackoutId }) => {
      await blackouts.blackoutEnded(blackoutId);
    },
  });
}
