import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../common/schemas/calendar.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { toICalendar } from './ical.ts';
import {
  deleteFeed,
  findBathroomHost,
  findFeed,
  findFeedByHash,
  listFeedBlackouts,
  listFeedBookings,
  markFetched,
  saveFeed,
} from './repository.ts';

/**
 * Private, revocable iCal feeds of a bathroom's bookings and blackouts (ADR 095). The token is 32
 * random bytes; only its SHA-256 is stored, so the URL is shown once, when made or rotated.
 */

export type CalendarActor = { userId: string; isAdmin: boolean };

export type CalendarDeps = {
  db: Db;
  appUrl: string;
  now?: () => Date;
};

/** How far back a feed goes: calendar apps keep what they fetched before. */
export const FEED_HISTORY_DAYS = 60;

/** The token in a feed URL: 43 base64url characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type FeedRow = NonNullable<Awaited<ReturnType<typeof findFeed>>>;

function toStatus(row: FeedRow | undefined): CalendarFeedStatus {
  return {
    active: Boolean(row),
    created_at: row ? new Date(row.created_at).toISOString() : null,
    last_fetched_at: row?.last_fetched_at ? new Date(row.last_fetched_at).toISOString() : null,
  };
}

export function createCalendarService(deps: CalendarDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const uidDomain = new URL(deps.appUrl).hostname || 'privy';

  /** 404 for no such bathroom; 403 unless the actor is its host (or, where allowed, an admin). */
  async function requireBathroom(actor: CalendarActor, bathroomId: string, adminMay: boolean) {
    const bathroom = await findBathroomHost(db, bathroomId);
    if (!bathroom) throw new AppError('not_found', 'There is no such listing.');
    if (bathroom.host_id === actor.userId || (adminMay && actor.isAdmin)) return bathroom;
    throw new AppError(
      'forbidden',
      adminMay
        ? "Only this listing's host can see its calendar feed."
        : "Only this listing's host can make a calendar feed for it.",
    );
  }

  return {
    /** Whether the bathroom has a feed (its host or an admin). */
    async status(actor: CalendarActor, bathroomId: string): Promise<CalendarFeedStatus> {
      await requireBathroom(actor, bathroomId, true);
      return toStatus(await findFeed(db, bathroomId));
    },

    /**
     * Makes the feed, or replaces its token (the old URL stops working). The host only: an admin
     * would otherwise hold a secret URL to a host's calendar, or break their subscription.
     */
    async createOrRotate(actor: CalendarActor, bathroomId: string): Promise<CalendarFeedCreated> {
      await requireBathroom(actor, bathroomId, false);
      const token = randomBytes(32).toString('base64url');
      const row = await saveFeed(db, {
        bathroom_id: bathroomId,
        token_hash: hashToken(token),
        created_by: actor.userId,
      });
      return { ...toStatus(row), url: `${deps.appUrl}/ical/${token}.ics` };
    },

    /** Revokes the feed (its host, or an admin as a safety lever); fine when there is none. */
    async revoke(actor: CalendarActor, bathroomId: string): Promise<CalendarFeedStatus> {
      await requireBathroom(actor, bathroomId, true);
      await deleteFeed(db, bathroomId);
      return toStatus(undefined);
    },

    /** The calendar a token opens, or null (unknown, revoked, malformed, or its host disabled). */
    async feed(token: string): Promise<string | null> {
      if (!FEED_TOKEN_PATTERN.test(token)) return null;
      const feed = await findFeedByHash(db, hashToken(token));
      if (!feed) return null;
      const at = now();
      const since = new Date(at.getTime() - FEED_HISTORY_DAYS * 24 * 60 * 60 * 1000);
      const [bookings, blackouts] = await Promise.all([
        listFeedBookings(db, feed.bathroom_id, since),
        listFeedBlackouts(db, feed.bathroom_id, since),
        markFetched(db, feed.bathroom_id, at),
      ]);
      return toICalendar({
        name: `Privy: ${feed.title}`,
        now: at,
        events: [
          ...bookings.map((booking) => ({
            uid: `booking-${booking.id}@${uidDomain}`,
            start: new Date(booking.starts_at),
            end: new Date(booking.ends_at),
            // The first name only: the feed may be shared into other calendars (ADR 095).
            summary: `Booked: ${booking.first_name.trim() || 'a guest'}, ${booking.duration_minutes} min`,
            description: `${booking.status === 'completed' ? 'Completed' : booking.status === 'checked_in' ? 'Checked in' : 'Confirmed'} booking. Details: ${deps.appUrl}/bookings/${booking.id}`,
          })),
          ...blackouts.map((blackout) => ({
            uid: `blackout-${blackout.id}@${uidDomain}`,
            start: new Date(blackout.starts_at),
            end: new Date(blackout.ends_at),
            summary: blackout.reason.trim() ? `Blocked: ${blackout.reason.trim()}` : 'Blocked',
          })),
        ],
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
