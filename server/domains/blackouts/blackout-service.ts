import {
  type AffectedBooking,
  BLACKOUT_MAX_DAYS,
  type BlackoutInput,
  type BlackoutList,
  type BlackoutPreview,
  type BlackoutView,
  type CreateBlackoutInput,
} from '../../../common/schemas/blackouts.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import type { Db } from '../../db/database.ts';
import { isExclusionViolation } from '../../db/exclusion-violation.ts';
import { AppError } from '../../http/errors.ts';
import type { BookingService } from '../bookings/booking-service.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import {
  BLACKOUT_ENDED_JOB,
  BLACKOUT_NOTICES_SWEEP_JOB,
  BLACKOUT_STARTED_JOB,
  createBlackoutNotices,
  sendCancellationNotices,
} from './blackout-notices.ts';
import {
  deleteBlackout,
  findBathroom,
  findBlackout,
  findOverlappingBlackout,
  insertBlackout,
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
      `This bathroom already has a blackout from ${formatWallClock(other.starts_at, timezone, { zoneName: true })} to ${formatWallClock(other.ends_at, timezone, { zoneName: true })}. Change the times or remove that blackout first.`,
    );
  }

  function checkedInError(row: LiveBooking, timezone: string) {
    return new AppError(
      'conflict',
      `A guest is checked in until ${formatWallClock(row.ends_at, timezone, { zoneName: true })}. Start the blackout after that.`,
    );
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
        // The notices go in the cancellation's transaction: both happen, or neither does.
        const outcome = await deps.bookings.cancelWithFullRefund(row.id, {
          cancelledBy,
          reason: blackout.reason ? `Blackout: ${blackout.reason}` : 'The host blocked this time.',
          notify: (trx, { refundCents }) =>
            sendCancellationNotices(deps.notifications, trx, blackout, row, refundCents),
        });
        if (!outcome.changed) continue;
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

  const notices = createBlackoutNotices({
    db,
    notifications: deps.notifications,
    jobs: deps.jobs,
    log: deps.log,
    now: clock,
    cancelBookingsIn,
  });

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
      await notices.schedule(written);
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
    blackoutStarted: (blackoutId: string) => notices.send(blackoutId, 'started'),
    blackoutEnded: (blackoutId: string) => notices.send(blackoutId, 'ended'),
    /** The minute sweep: start and end notices whose job never ran (blackout-notices.ts). */
    sweepNotices: notices.sweep,
  };
}

export type BlackoutService = ReturnType<typeof createBlackoutService>;

/** The start/end notice jobs and their sweep; define before the scheduler starts (ADR 052). */
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
  jobs.define({
    name: BLACKOUT_NOTICES_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await blackouts.sweepNotices();
    },
  });
}
