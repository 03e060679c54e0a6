import { expect, it } from 'vitest';
import { distanceMiles } from '../../../common/distance.ts';
import { PAYOUTS_MISSING } from '../../../common/schemas/properties.ts';
import { describeWithApp } from '../../test/harness.ts';
import { PUBLIC_POINT_RADIUS_MILES } from '../places/public-point.ts';
import type { PreparedImage } from '../storage/storage-service.ts';
import { listFiles, makeImage } from '../storage/upload-test-helpers.ts';
import type { ListingImport } from './import-listings.ts';
import { AUSTIN, bathroomRow, NEW_YORK, signUp } from './property-test-support.ts';

describeWithApp('importing many listings at once', (ctx) => {
  let image: PreparedImage | undefined;
  async function photo(alt: string) {
    image ??= await ctx().services.storage.prepareImage(await makeImage('png'), 'bathroom');
    return { image, alt };
  }

  async function listing(userId: string, overrides: Partial<ListingImport> = {}): Promise<ListingImport> {
    return {
      actor: { userId, isProvider: true, isAdmin: false },
      property: { title: 'Bright bathroom near Congress Ave', location: AUSTIN, hourly_price_cents: 900 },
      hours: { ranges: [{ weekday: 1, opens: '09:00', closes: '17:00' }] },
      photos: [await photo('A white basin under a round mirror.'), await photo('A towel on a brass rail.')],
      publish: true,
      ...overrides,
    };
  }

  const count = async (table: 'bathrooms' | 'bathroom_photos' | 'stored_images') =>
    (await ctx().services.db.selectFrom(table).select('id').execute()).length;

  it('creates, fills in and publishes listings as the one-by-one calls would', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true, payouts: true });
    const { properties } = ctx().services;
    const [austin, newYork, draft] = await properties.importListings([
      await listing(host.id),
      await listing(host.id, {
        property: { title: 'Loft bathroom in SoHo', location: NEW_YORK, amenities: ['wifi', 'sink'] },
      }),
      await listing(host.id, { publish: false, photos: [] }),
    ]);
    const actor = { userId: host.id, isProvider: true, isAdmin: false };
    const view = await properties.get(actor, austin as string);
    expect(view).toMatchObject({
      status: 'published',
      timezone: 'America/Chicago',
      city: 'Austin',
      state_code: 'TX',
      hourly_price_cents: 900,
      opening_hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }],
      missing_for_publish: [],
    });
    expect(view.published_at).not.toBeNull();
    expect(view.photos.map((item) => [item.position, item.alt])).toEqual([
      [0, 'A white basin under a round mirror.'],
      [1, 'A towel on a brass rail.'],
    ]);
    const moved = distanceMiles(
      { latitude: view.latitude, longitude: view.longitude },
      { latitude: view.public_latitude, longitude: view.public_longitude },
    );
    expect(moved).toBeLessThanOrEqual(PUBLIC_POINT_RADIUS_MILES);
    expect(await properties.get(actor, newYork as string)).toMatchObject({
      timezone: 'America/New_York',
      hourly_price_cents: 1000,
      amenities: ['wifi', 'sink'],
    });
    expect(await properties.get(actor, draft as string)).toMatchObject({
      status: 'draft',
      published_at: null,
      missing_for_publish: ['Add at least one photo.'],
    });
    const found = await ctx().services.availability.search({
      latitude: AUSTIN.lat,
      longitude: AUSTIN.lon,
      radiusMiles: 5,
      filters: { accessibility: [], amenities: [] },
      sort: 'distance',
      limit: 20,
      offset: 0,
    });
    expect(found.results.map((result) => result.id)).toEqual([austin]);
  });

  it('gives every listing files of its own, so removing a photo from one spares the others', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true, payouts: true });
    const { properties, storage } = ctx().services;
    const [first, second] = await properties.importListings([await listing(host.id), await listing(host.id)]);
    const actor = { userId: host.id, isProvider: true, isAdmin: false };
    const keys = await ctx().services.db.selectFrom('bathroom_photos').select(['key_1x', 'key_2x']).execute();
    expect(new Set(keys.flatMap((row) => [row.key_1x, row.key_2x])).size).toBe(8);

    const removed = (await properties.get(actor, first as string)).photos[0];
    await properties.removePhoto(actor, first as string, removed?.id as string);
    expect(await storage.objects.get(storage.objects.keyForUrl(removed?.url ?? '') ?? '')).toBeNull();
    for (const kept of (await properties.get(actor, second as string)).photos) {
      const key = storage.objects.keyForUrl(kept.url) ?? '';
      expect(await storage.objects.get(key), key).not.toBeNull();
    }
  });

  it('lets only hosts list, and writes nothing when refused', async () => {
    const guest = await signUp(ctx, 'guest@example.com');
    const refused = await listing(guest.id);
    refused.actor.isProvider = false;
    await expect(ctx().services.properties.importListings([refused])).rejects.toMatchObject({ status: 403 });
    expect(await count('bathrooms')).toBe(0);
    expect(await count('stored_images')).toBe(0);
  });

  it('refuses to publish a listing that misses a requirement, and undoes the whole import', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true, payouts: true });
    const files = await listFiles(ctx().services.config.uploadsDir);
    await expect(
      ctx().services.properties.importListings([
        await listing(host.id),
        await listing(host.id, { photos: [] }),
      ]),
    ).rejects.toMatchObject({
      status: 409,
      fields: [{ field: 'photos', message: 'Add at least one photo.' }],
    });
    expect(await count('bathrooms')).toBe(0);
    expect(await count('bathroom_photos')).toBe(0);
    expect(await count('stored_images')).toBe(0);
    expect(await listFiles(ctx().services.config.uploadsDir)).toEqual(files);
  });

  it('publishes nothing for a host whose payout account is not linked, but still saves drafts for one', async () => {
    const host = await signUp(ctx, 'unlinked@example.com', { provider: true });
    const { properties } = ctx().services;
    await expect(properties.importListings([await listing(host.id)])).rejects.toMatchObject({
      status: 409,
      fields: [{ field: 'payouts', message: PAYOUTS_MISSING }],
    });
    expect(await count('bathrooms')).toBe(0);
    const [draft] = await properties.importListings([await listing(host.id, { publish: false })]);
    expect((await bathroomRow(ctx, draft as string))?.status).toBe('draft');
  });

  it('checks every input with the API schemas before writing', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true, payouts: true });
    const cheap = await listing(host.id, {
      property: { title: 'Too cheap', location: AUSTIN, hourly_price_cents: 5 },
    });
    await expect(ctx().services.properties.importListings([cheap])).rejects.toThrow(/at least \$1/);
    const overlapping = await listing(host.id, {
      hours: {
        ranges: [
          { weekday: 1, opens: '09:00', closes: '12:00' },
          { weekday: 1, opens: '11:00', closes: '14:00' },
        ],
      },
    });
    await expect(ctx().services.properties.importListings([overlapping])).rejects.toThrow(/overlaps/);
    const longAlt = await listing(host.id, { photos: [await photo('x'.repeat(201))] });
    await expect(ctx().services.properties.importListings([longAlt])).rejects.toMatchObject({ status: 400 });
    expect(await count('bathrooms')).toBe(0);
    expect(await count('stored_images')).toBe(0);
  });
});
