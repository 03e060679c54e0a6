import { distanceMiles } from '../../../common/distance.ts';
import type { SearchKind } from '../../../common/schemas/analytics.ts';
import { photoAltText } from '../../../common/schemas/properties.ts';
import type { SearchInput, SearchResponse, SearchResult } from '../../../common/schemas/search.ts';
import type { Db } from '../../db/database.ts';
import { findFeaturedBathrooms } from './featured-repository.ts';
import { isOpen, nextFreeStarts, weeklyHours } from './opening-hours.ts';
import {
  type CityKey,
  countPublishedByCity,
  countPublishedInCities,
  findOpeningHours,
  findPhotos,
  findPublicHost,
  findPublishedBathroom,
  findPublishedByHost,
  findSchedule,
  findSlotSchedule,
  listPublishedForSitemap,
} from './repository.ts';
import { type SearchRow, searchPublishedBathrooms } from './search-repository.ts';
import { slotReferenceZone } from './search-slot-sql.ts';
import { type BookingRules, DEFAULT_BOOKING_RULES, dayWindow, freeStarts, isBookableDate } from './slots.ts';
import { wallClock } from './zoned-time.ts';

/** A bathroom card's row, from a search or a host's profile (distance and count aside). */
type CardRow = Omit<SearchRow, 'distance_miles' | 'total'>;
type CoverRow = Pick<CardRow, 'cover_key_1x' | 'cover_key_2x' | 'cover_alt' | 'title'>;

/**
 * The one place that decides whether a bathroom can be had at a time: opening hours in its own
 * zone, minus live bookings with their cleaning buffers, blackouts and the past (ADR 070, 090).
 */
export function createAvailabilityService(deps: {
  db: Db;
  imageUrl: (key: string) => string;
  /** The IANA zone at a point (places): a slot search does its zone arithmetic once for the centre's zone. */
  timezoneAt: (latitude: number, longitude: number) => string;
  /** The admins' minimum notice and longest booking in force (ADR 140); PRODUCT.md's without it. */
  rules?: () => Promise<BookingRules>;
  /**
   * Anonymous search analytics (ADR 138): given only the point, the count and the kind, never who
   * searched. It buffers and returns at once; it must never throw into a search (checked below too).
   */
  recordSearch?: (fact: {
    latitude: number;
    longitude: number;
    resultCount: number;
    kind: SearchKind;
  }) => void;
}) {
  const { db, imageUrl } = deps;
  const rules = async () => (deps.rules ? await deps.rules() : DEFAULT_BOOKING_RULES);
  /** The durations a guest may book now: the host's, up to the longest booking admins allow. */
  const bookable = (durations: number[], max: number) => {
    const within = durations.filter((minutes) => minutes <= max);
    // A bathroom offering only longer stays keeps its list (the page stays whole); booking refuses.
    return within.length ? within : durations;
  };
  // The home page's featured cards (ADR 136), kept a minute per process; a change here empties it.
  let featuredCache: { at: number; cards: Promise<SearchResult[]> } | null = null;

  function recordSearch(fact: {
    latitude: number;
    longitude: number;
    resultCount: number;
    kind: SearchKind;
  }) {
    try {
      deps.recordSearch?.(fact);
    } catch {
      // Analytics is best effort: a search answers whatever happens to its record.
    }
  }

  function cover(row: CoverRow): SearchResult['cover'] {
    if (!row.cover_key_1x || !row.cover_key_2x) return null;
    const url = imageUrl(row.cover_key_1x);
    return {
      url,
      srcset: `${url} 1x, ${imageUrl(row.cover_key_2x)} 2x`,
      alt: photoAltText(row.cover_alt, row.title, 0),
    };
  }

  function card(row: CardRow, distance: number): SearchResult {
    return {
      id: row.id,
      title: row.title,
      cover: cover(row),
      hourly_price_cents: row.hourly_price_cents,
      rating_average: row.rating_average === null ? null : Number(row.rating_average),
      rating_count: row.rating_count,
      accessibility: row.accessibility,
      amenities: row.amenities,
      public_latitude: row.public_latitude,
      public_longitude: row.public_longitude,
      distance_miles: distance,
      city: row.city,
      state_code: row.state_code,
      timezone: row.timezone,
    };
  }

  async function schedule(bathroomId: string) {
    const found = await findSchedule(db, bathroomId);
    return found && found.status === 'published' ? found : null;
  }

  return {
    /**
     * Published bathrooms within the radius of a point, optionally only those open for a slot. A
     * guest's search names its kind in `record` and is counted, anonymously (ADR 138); internal
     * reads (location pages, Go now's candidates) leave it out.
     */
    async search(input: SearchInput, options: { record?: SearchKind } = {}): Promise<SearchResponse> {
      // A stay longer than admins allow cannot be booked anywhere: no bathroom is free for it.
      if (input.durationMinutes !== undefined && input.durationMinutes > (await rules()).maxBookingMinutes) {
        return { results: [], total: 0, totalIsCapped: false };
      }
      const referenceZone = slotReferenceZone(input, deps.timezoneAt);
      const { rows, total, totalIsCapped } = await searchPublishedBathrooms(db, input, referenceZone);
      if (options.record && input.offset === 0) {
        // Only a search's first page counts: paging through results is not another search.
        recordSearch({
          latitude: input.latitude,
          longitude: input.longitude,
          resultCount: total,
          kind: options.record,
        });
      }
      return { results: rows.map((row) => card(row, row.distance_miles)), total, totalIsCapped };
    },

    /** Records a search answered elsewhere (Go now), as anonymously as search() does (ADR 138). */
    recordSearch,

    /** Is the published bathroom open for [startUtc, startUtc + duration)? False when unknown. */
    async isOpen(bathroomId: string, startUtc: Date, durationMinutes: number): Promise<boolean> {
      const found = await schedule(bathroomId);
      return found ? isOpen(found, startUtc, durationMinutes) : false;
    },

    /** Grid starts on a local date (today in the bathroom's zone by default) that fit the duration. */
    async nextFreeStarts(
      bathroomId: string,
      durationMinutes: number,
      options: { dateLocal?: string; now?: Date } = {},
    ) {
      const found = await schedule(bathroomId);
      if (!found) return null;
      const now = options.now ?? new Date();
      const dateLocal = options.dateLocal ?? wallClock(now, found.timezone).date;
      return nextFreeStarts(found, dateLocal, durationMinutes, { now });
    },

    /**
     * The starts a guest can book on a local date for a duration (ADR 090): hours minus blackouts,
     * live bookings and their buffers, and the past. Null when the bathroom is not published; a
     * duration the host does not offer is reported as `duration_not_offered`.
     */
    async slots(bathroomId: string, dateLocal: string, durationMinutes: number, now = new Date()) {
      const probe = await findSchedule(db, bathroomId);
      if (probe?.status !== 'published') return null;
      const window = dayWindow(dateLocal, probe.timezone);
      const found = window ? await findSlotSchedule(db, bathroomId, window) : null;
      if (found?.status !== 'published') return null;
      const base = {
        bathroom_id: bathroomId,
        timezone: found.timezone,
        date: dateLocal,
        duration_minutes: durationMinutes,
      };
      const inForce = await rules();
      if (!found.allowed_durations.includes(durationMinutes) || durationMinutes > inForce.maxBookingMinutes) {
        return {
          ...base,
          starts: [],
          duration_not_offered: bookable(found.allowed_durations, inForce.maxBookingMinutes),
        };
      }
      const starts = isBookableDate(dateLocal, found.timezone, now)
        ? freeStarts(found.schedule, dateLocal, durationMinutes, now, inForce)
        : [];
      return {
        ...base,
        starts: starts.map((slot) => ({
          starts_at: slot.startsAt,
          local_time: slot.localTime,
          utc_offset: slot.utcOffset,
        })),
      };
    },

    /** A published bathroom's page: null when it is not published (the public gets a 404). */
    async publicListing(
      bathroomId: string,
      options: { from?: { latitude: number; longitude: number }; now?: Date } = {},
    ) {
      const bathroom = await findPublishedBathroom(db, bathroomId);
      if (!bathroom) return null;
      const [photos, openingHours, host] = await Promise.all([
        findPhotos(db, bathroomId),
        findOpeningHours(db, bathroomId),
        findPublicHost(db, bathroom.host_id),
      ]);
      const now = options.now ?? new Date();
      const today = wallClock(now, bathroom.timezone).date;
      const inForce = await rules();
      const durations = bookable(bathroom.allowed_durations, inForce.maxBookingMinutes);
      const shortest = Math.min(...durations);
      // Today's next free starts come from the slot engine, so booked and blacked-out time is left out.
      const window = dayWindow(today, bathroom.timezone);
      const taken = window ? await findSlotSchedule(db, bathroomId, window) : null;
      const freeToday = taken
        ? freeStarts(taken.schedule, today, shortest, now, inForce)
            .slice(0, 8)
            .map((slot) => ({ startUtc: slot.startsAt, localTime: slot.localTime }))
        : [];
      const { host_id: _hostId, rating_average: rating, ...rest } = bathroom;
      return {
        ...rest,
        allowed_durations: durations,
        rating_average: rating === null ? null : Number(rating),
        photos: photos.map((photo) => ({
          url: imageUrl(photo.key_1x),
          srcset: `${imageUrl(photo.key_1x)} 1x, ${imageUrl(photo.key_2x)} 2x`,
          width: photo.width,
          height: photo.height,
          alt: photoAltText(photo.alt, bathroom.title, photo.position),
        })),
        opening_hours: weeklyHours(openingHours),
        today,
        next_free_starts: {
          duration_minutes: shortest,
          starts: freeToday,
        },
        distance_miles: options.from
          ? distanceMiles(options.from, {
              latitude: bathroom.public_latitude,
              longitude: bathroom.public_longitude,
            })
          : null,
        host: host
          ? {
              id: host.id,
              first_name: host.first_name,
              last_initial: host.last_name.slice(0, 1),
              profile_picture_url: host.profile_picture_url,
              member_since: host.created_at.toISOString(),
            }
          : null,
      };
    },

    /** Published bathrooms per address city and state, one row per spelling of the city (location pages). */
    publishedCities: () => countPublishedByCity(db),

    /** How many published bathrooms each city's addresses hold, in the order given. */
    countInCities: (keys: CityKey[]) =>
      keys.length ? countPublishedInCities(db, keys) : Promise.resolve([]),

    /** Published bathrooms' ids and last change, newest first, for the sitemap. */
    publishedForSitemap: (limit: number) => listPublishedForSitemap(db, limit),

    /** A host's public profile with their published bathrooms; null for an unknown or blocked account. */
    async publicProfile(profileId: string) {
      const host = await findPublicHost(db, profileId);
      if (!host) return null;
      const bathrooms = await findPublishedByHost(db, profileId);
      return {
        id: host.id,
        first_name: host.first_name,
        last_initial: host.last_name.slice(0, 1),
        profile_picture_url: host.profile_picture_url,
        member_since: host.created_at.toISOString(),
        is_provider: host.is_provider,
        bathrooms: bathrooms.map((row) => card(row, 0)),
      };
    },

    /** Up to six published listings an admin featured, for the home page; cached for a minute. */
    featured(now = Date.now()): Promise<SearchResult[]> {
      if (!featuredCache || now - featuredCache.at > 60_000) {
        const cards = findFeaturedBathrooms(db, 6).then((rows) => rows.map((row) => card(row, 0)));
        featuredCache = { at: now, cards };
        cards.catch(() => {
          if (featuredCache?.cards === cards) featuredCache = null;
        });
      }
      return featuredCache.cards;
    },

    /** Called when an admin features, unfeatures or unpublishes a listing. */
    forgetFeatured() {
      featuredCache = null;
    },
  };
}

export type { CityKey } from './repository.ts';
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
export type PublicListing = NonNullable<Awaited<ReturnType<AvailabilityService['publicListing']>>>;
export type PublicProfile = NonNullable<Awaited<ReturnType<AvailabilityService['publicProfile']>>>;
