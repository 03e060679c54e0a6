import type { Transaction } from 'kysely';
import { formatUsd } from '../../../common/money.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { claimBlackoutNotice, findBlackout, listDueBlackoutNotices } from './repository.ts';

/**
 * What a blackout tells people (ADR 094): the three notices for each booking it cancels, and the
 * host's start and end notices. Each start or end notice is claimed by stamping the blackout in the
 * transaction that sends it, so it goes out once whichever sends it first: its pg-boss job, or the
 * minute sweep that covers a job never scheduled or lost.
 */

export const BLACKOUT_STARTED_JOB = 'blackouts.started';
export const BLACKOUT_ENDED_JOB = 'blackouts.ended';
export const BLACKOUT_NOTICES_SWEEP_JOB = 'blackouts.sweep-notices';

export type NoticeKind = 'started' | 'ended';
export type BlackoutRow = NonNullable<Awaited<ReturnType<typeof findBlackout>>>;

type Notifications = Pick<NotificationService, 'notifyMany' | 'notifyAdmins'>;

/** The three cancellation notices (guest, host, admins), in the cancellation's own transaction. */
export async function sendCancellationNotices(
  notifications: Notifications,
  trx: Transaction<Database>,
  blackout: BlackoutRow,
  booking: { id: string; guest_id: string; starts_at: Date },
  refundCents: number,
) {
  const when = formatWallClock(booking.starts_at, blackout.timezone, { zoneName: true });
  const meta = { booking_id: booking.id, bathroom_id: blackout.bathroom_id, blackout_id: blackout.id };
  const refund = refundCents > 0 ? ` Your ${formatUsd(refundCents)} is on its way back to you in full.` : '';
  await notifications.notifyMany(
    [
      {
        userId: booking.guest_id,
        type: 'booking_cancelled_blackout',
        message: `Your booking at ${blackout.title} on ${when} was cancelled because the host blocked that time.${refund}`,
        meta: { ...meta, user_id: blackout.host_id },
      },
      {
        userId: blackout.host_id,
        type: 'owner_booking_cancelled_blackout',
        message: `The booking at ${blackout.title} on ${when} was cancelled for your blackout; the guest gets ${refundCents > 0 ? `a full refund of ${formatUsd(refundCents)}` : 'nothing to refund (it was unpaid)'}.`,
        meta: { ...meta, user_id: booking.guest_id },
      },
    ],
    trx,
  );
  await notifications.notifyAdmins(
    {
      type: 'admin_booking_cancelled_blackout',
      message: `A booking at ${blackout.title} on ${when} was cancelled by a blackout${refundCents > 0 ? `; ${formatUsd(refundCents)} refunded` : ''}.`,
      meta: { ...meta, user_id: booking.guest_id },
    },
    trx,
  );
}

export type BlackoutNoticeDeps = {
  db: Db;
  notifications: Notifications;
  jobs: Pick<Scheduler, 'send' | 'isRunning'>;
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  /** Cancels what is still live inside the blackout (the start is the last chance to). */
  cancelBookingsIn: (blackoutId: string, cancelledBy: string | null) => Promise<unknown>;
};

export function createBlackoutNotices(deps: BlackoutNoticeDeps) {
  const { db } = deps;

  /** Schedules the start and end jobs; if that fails, the minute sweep sends the notices instead. */
  async function schedule(blackout: { id: string; starts_at: Date; ends_at: Date }) {
    // Not running (tests, tools): the sweep (or a test calling the handlers) sends them.
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
      deps.log.warn(
        { err: error, blackoutId: blackout.id },
        'could not schedule blackout notices; the minute sweep will send them',
      );
    }
  }

  /**
   * The start or end notice to the host: once, only if the blackout still exists and that time has
   * come. A start notice claimed after the blackout already ended (the server was down throughout)
   * is stamped but not sent: "has started" would be untrue, and the end notice says what matters.
   */
  async function send(blackoutId: string, kind: NoticeKind): Promise<boolean> {
    const blackout = await findBlackout(db, blackoutId);
    if (!blackout) return false;
    const now = deps.now();
    const at = new Date(kind === 'started' ? blackout.starts_at : blackout.ends_at);
    if (now.getTime() < at.getTime()) return false;
    // Bookings a failed cancellation left inside the blackout are cancelled now, at the latest.
    if (kind === 'started') await deps.cancelBookingsIn(blackoutId, blackout.created_by);
    return db.transaction().execute(async (trx) => {
      if (!(await claimBlackoutNotice(trx, blackoutId, kind, now))) return false;
      const over = new Date(blackout.ends_at).getTime() <= now.getTime();
      if (kind === 'started' && over) return false;
      const type = kind === 'started' ? 'bathroom_blackout_started' : 'bathroom_blackout_ended';
      const message =
        kind === 'started'
          ? `Your blackout on ${blackout.title} has started; nothing can be booked until ${formatWallClock(blackout.ends_at, blackout.timezone, { zoneName: true })}.`
          : `Your blackout on ${blackout.title} has ended; guests can book it again.`;
      await deps.notifications.notifyMany(
        [
          {
            userId: blackout.host_id,
            type,
            message,
            meta: { bathroom_id: blackout.bathroom_id, blackout_id: blackout.id },
          },
        ],
        trx,
      );
      return true;
    });
  }

  /** The minute sweep: every start or end notice due and not yet claimed, through `send`. */
  async function sweep(): Promise<{ started: number; ended: number }> {
    const now = deps.now();
    const sent = { started: 0, ended: 0 };
    for (const kind of ['started', 'ended'] as const) {
      for (const { id } of await listDueBlackoutNotices(db, kind, now)) {
        if (await send(id, kind)) sent[kind] += 1;
      }
    }
    return sent;
  }

  return { schedule, send, sweep };
}
