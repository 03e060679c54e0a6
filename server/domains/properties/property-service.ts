import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { stepsSavedBy } from '../../../common/listing-steps.ts';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import {
  type CreatePropertyInput,
  DEFAULT_OPENING_HOURS,
  DEFAULT_PRICE_CENTS,
  type OpeningHoursInput,
  type PropertyView,
  type UpdatePropertyInput,
} from '../../../common/schemas/properties.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { hasBookingRecords } from '../bookings/bathroom-bookings.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { createListingImport } from './import-listings.ts';
import { createListingModeration } from './listing-moderation.ts';
import { findHeldIds, findModeration } from './moderation-repository.ts';
import { createPropertyPhotos } from './property-photos.ts';
import {
  notFound,
  publishRequirements,
  toPropertySummary,
  toPropertyView,
  toPublicListing,
} from './property-views.ts';
import {
  type BathroomRow,
  deleteBathroom,
  findBathroom,
  findOpeningHours,
  findPayoutLinkedHosts,
  findPhotos,
  insertBathroom,
  listBathroomsByHost,
  lockBathroom,
  markStepsCompleted,
  replaceOpeningHours,
  unlistAllForHost,
  updateBathroom,
} from './repository.ts';

/** Who is acting: a signed-in member (from a Viewer) or the seed acting for a demo host. */
export type Actor = { userId: string; isProvider: boolean; isAdmin: boolean };

export function actorOf(viewer: {
  userId: string;
  profile: { is_provider: boolean; is_admin: boolean };
}): Actor {
  return { userId: viewer.userId, isProvider: viewer.profile.is_provider, isAdmin: viewer.profile.is_admin };
}

export type PropertyDeps = {
  db: Db;
  storage: StorageService;
  /** The IANA zone at a point (the places domain, offline). */
  timezoneAt: (latitude: number, longitude: number) => string;
  /** The public point shown on maps: the exact one moved up to ~0.3 mile, fixed per bathroom. */
  publicPoint: (latitude: number, longitude: number, seed: string) => { latitude: number; longitude: number };
  /** The cleaning buffer a new listing starts with unless the host picks one (admins' setting, ADR 140). */
  defaultCleaningBufferMinutes?: () => Promise<number>;
  /** Tells a host of an admin's hold on their listing (ADR 136). */
  notifications: Pick<NotificationService, 'notify'>;
  /** The home page's featured list is cached; a moderation change forgets it. */
  onFeaturedChanged: () => void;
};

export function createPropertyService(deps: PropertyDeps) {
  const { db, storage } = deps;
  const urlFor = (key: string) => storage.objects.url(key);
  const moderation = createListingModeration({
    db,
    urlFor,
    notifications: deps.notifications,
    onFeaturedChanged: deps.onFeaturedChanged,
  });

  /** The columns an address decides: the exact point, the public point, the zone and the place. */
  function addressColumns(id: string, location: ProfileLocation) {
    const point = deps.publicPoint(location.lat, location.lon, id);
    return {
      location: JSON.stringify(location),
      latitude: location.lat,
      longitude: location.lon,
      public_latitude: point.latitude,
      public_longitude: point.longitude,
      // Derived from the point, never taken from the client: availability depends on it.
      timezone: deps.timezoneAt(location.lat, location.lon),
      city: location.name?.trim() ?? '',
      state_code: (location.state_code ?? '').toUpperCase(),
      country_code: (location.country_code ?? '').toUpperCase(),
    };
  }

  async function loadView(row: BathroomRow): Promise<PropertyView> {
    const [photos, hours, linked, hold] = await Promise.all([
      findPhotos(db, [row.id]),
      findOpeningHours(db, [row.id]),
      findPayoutLinkedHosts(db, [row.host_id]),
      moderation.holdOf(row.id),
    ]);
    return { ...toPropertyView(row, photos, hours, urlFor, linked.has(row.host_id)), admin_hold: hold };
  }

  /** The bathroom if this actor may manage it: 404 when there is none, 403 when it is someone else's. */
  async function requireManageable(actor: Actor, id: string): Promise<BathroomRow> {
    const row = await findBathroom(db, id);
    if (!row) throw notFound();
    if (row.host_id !== actor.userId && !actor.isAdmin) {
      throw new AppError('forbidden', 'Only the host of this listing can see or change it.');
    }
    return row;
  }

  /** Inside a transaction: locks the row, then checks the same rules. */
  async function lockManageable(trx: Parameters<typeof lockBathroom>[0], actor: Actor, id: string) {
    const row = await lockBathroom(trx, id);
    if (!row) throw notFound();
    if (row.host_id !== actor.userId && !actor.isAdmin) {
      throw new AppError('forbidden', 'Only the host of this listing can see or change it.');
    }
    return row;
  }

  async function create(actor: Actor, input: CreatePropertyInput): Promise<PropertyView> {
    if (!actor.isProvider) {
      throw new AppError('forbidden', 'Only hosts can list a bathroom. Ask to become a host first.');
    }
    const id = randomUUID();
    const buffer =
      input.cleaning_buffer_minutes ??
      (deps.defaultCleaningBufferMinutes ? await deps.defaultCleaningBufferMinutes() : undefined);
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await insertBathroom(trx, {
        id,
        host_id: actor.userId,
        title: input.title,
        description: input.description ?? '',
        hourly_price_cents: input.hourly_price_cents ?? DEFAULT_PRICE_CENTS,
        ...(input.allowed_durations ? { allowed_durations: input.allowed_durations } : {}),
        ...(buffer !== undefined ? { cleaning_buffer_minutes: buffer } : {}),
        amenities: input.amenities ?? [],
        accessibility: input.accessibility ?? [],
        house_rules: input.house_rules ?? '',
        access_instructions: input.access_instructions ?? '',
        ...addressColumns(id, input.location),
      });
      await replaceOpeningHours(
        trx,
        id,
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...DEFAULT_OPENING_HOURS })),
      );
      return inserted;
    });
    return loadView(row);
  }

  async function get(actor: Actor, id: string): Promise<PropertyView> {
    return loadView(await requireManageable(actor, id));
  }

  async function update(actor: Actor, id: string, input: UpdatePropertyInput): Promise<PropertyView> {
    const row = await db.transaction().execute(async (trx) => {
      await lockManageable(trx, actor, id);
      const { location, ...rest } = input;
      await markStepsCompleted(trx, id, stepsSavedBy(input));
      return updateBathroom(trx, id, { ...rest, ...(location ? addressColumns(id, location) : {}) });
    });
    return loadView(row);
  }

  async function publish(actor: Actor, id: string): Promise<PropertyView> {
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockManageable(trx, actor, id);
      // ADR 136: a listing an admin unpublished stays so until an admin republishes it.
      if ((await findModeration(trx, id))?.hold_reason) {
        throw new AppError(
          'conflict',
          actor.isAdmin
            ? 'An admin unpublished this listing: republish it from Admin › Properties, where it is recorded.'
            : 'Privy unpublished this listing. Only Privy can publish it again: fix what the notice describes, then reply through the contact page.',
        );
      }
      const [photos, hours, linked] = await Promise.all([
        findPhotos(trx, [id]),
        findOpeningHours(trx, [id]),
        // The host's, not the actor's: an admin publishing for a host is held to the same rule.
        findPayoutLinkedHosts(trx, [current.host_id]),
      ]);
      const missing = publishRequirements(current, photos.length, hours.length, linked.has(current.host_id));
      if (missing.length) {
        // Only the first letter is lowered: "Stripe" stays a name.
        const steps = missing.map((item) =>
          item.message.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase()),
        );
        throw new AppError('conflict', `Before publishing: ${steps.join('; ')}.`, missing);
      }
      if (current.status === 'published') return current;
      return updateBathroom(trx, id, {
        status: 'published',
        published_at: current.published_at ?? new Date(),
      });
    });
    return loadView(row);
  }

  /** PRODUCT.md: revoking a provider unpublishes their listings, in the caller's transaction. */
  function unlistAllForHostOf(hostId: string, executor: Db | Transaction<Database> = db) {
    return unlistAllForHost(executor, hostId);
  }

  async function unpublish(actor: Actor, id: string): Promise<PropertyView> {
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockManageable(trx, actor, id);
      if (current.status === 'draft') {
        throw new AppError(
          'conflict',
          'This listing is a draft: it is not published, so there is nothing to hide.',
        );
      }
      if (current.status === 'unlisted') return current;
      return updateBathroom(trx, id, { status: 'unlisted' });
    });
    return loadView(row);
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    const photos = await db.transaction().execute(async (trx) => {
      const current = await lockManageable(trx, actor, id);
      // Bookings are kept with their payments (ADR 090): a booked bathroom is unpublished, not deleted.
      if (await hasBookingRecords(trx, id)) {
        throw new AppError(
          'conflict',
          'This bathroom has bookings, which are kept on record. Unpublish it instead.',
        );
      }
      const rows = await findPhotos(trx, [id]);
      await deleteBathroom(trx, current.id);
      return { rows, hostId: current.host_id };
    });
    for (const photo of photos.rows) {
      await storage.deleteImage({ ownerId: photos.hostId, url: urlFor(photo.key_1x) });
    }
  }

  async function listMine(actor: Actor) {
    const rows = await listBathroomsByHost(db, actor.userId);
    const ids = rows.map((row) => row.id);
    const [photos, held] = await Promise.all([findPhotos(db, ids), findHeldIds(db, ids)]);
    return rows.map((row) => ({
      ...toPropertySummary(
        row,
        photos.filter((photo) => photo.bathroom_id === row.id),
        urlFor,
      ),
      admin_hold: held.has(row.id),
    }));
  }

  async function setOpeningHours(actor: Actor, id: string, input: OpeningHoursInput): Promise<PropertyView> {
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockManageable(trx, actor, id);
      if (!input.ranges.length && current.status === 'published') {
        throw new AppError('validation_error', 'A published bathroom must open on at least one day.', [
          { field: 'ranges', message: 'Open on at least one day, or unpublish the listing first.' },
        ]);
      }
      await replaceOpeningHours(trx, id, input.ranges);
      // The hours step's last save: the week a new draft opens with is a default, not a choice.
      await markStepsCompleted(trx, id, ['hours']);
      return updateBathroom(trx, id, {});
    });
    return loadView(row);
  }

  /** A published listing for anyone; drafts and unlisted ones do not exist for the public. */
  async function getPublicListing(id: string) {
    const row = await findBathroom(db, id);
    if (row?.status !== 'published') return null;
    const [photos, hours] = await Promise.all([findPhotos(db, [id]), findOpeningHours(db, [id])]);
    return toPublicListing(row, photos, hours, urlFor);
  }

  /** Counts for the host hub and the onboarding checklist. */
  async function hostOverview(actor: Actor) {
    const list = await listMine(actor);
    const ids = list.map((item) => item.id);
    const hours = await findOpeningHours(db, ids);
    return {
      total: list.length,
      published: list.filter((item) => item.status === 'published').length,
      drafts: list.filter((item) => item.status === 'draft'),
      withPhotos: list.filter((item) => item.photo_count > 0).length,
      withHours: new Set(hours.map((range) => range.bathroom_id)).size,
    };
  }

  const photos = createPropertyPhotos({ db, storage, urlFor, lockManageable, loadView });
  const bulk = createListingImport({ db, storage, addressColumns });

  return {
    create,
    get,
    update,
    publish,
    unpublish,
    unlistAllForHost: unlistAllForHostOf,
    delete: remove,
    listMine,
    setOpeningHours,
    getPublicListing,
    hostOverview,
    addPhoto: photos.addPhoto,
    removePhoto: photos.removePhoto,
    reorderPhotos: photos.reorderPhotos,
    describePhoto: photos.describePhoto,
    /** Admins' review of every listing: holds, the home page's featured ones, reports (ADR 136). */
    moderation,
    /** Many complete listings in one go (the demo seed). */
    importListings: bulk.importListings,
  };
}

export type PropertyService = ReturnType<typeof createPropertyService>;
