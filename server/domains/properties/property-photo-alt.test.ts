import { expect, it } from 'vitest';
import { PHOTO_ALT_MAX } from '../../../common/schemas/properties.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { makeImage } from '../storage/upload-test-helpers.ts';
import { addPhoto, createDraft, type Member, signUp } from './property-test-support.ts';

type Photo = { id: string; alt: string; alt_is_default: boolean; position: number };

describeWithApp('listings: photo alt text and order', (ctx) => {
  const altRows = async () =>
    (await ctx().services.db.selectFrom('bathroom_photos').select(['id', 'alt', 'position']).execute()).sort(
      (a, b) => a.position - b.position,
    );

  /** A published listing of Paula's with two photos. */
  async function listingWithPhotos(paula: Member) {
    const draft = await createDraft(paula, { title: 'Sunny washroom' });
    await addPhoto(ctx, paula, draft.id);
    await addPhoto(ctx, paula, draft.id);
    const published = await paula.agent.post(`/api/properties/${draft.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    return { id: draft.id, photos: published.json().photos as Photo[] };
  }

  it('names undescribed photos after the title and place, and shows the host’s words everywhere once written', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const { id, photos } = await listingWithPhotos(paula);
    expect(photos.map(({ alt, alt_is_default }) => ({ alt, alt_is_default }))).toEqual([
      { alt: 'Sunny washroom — photo 1', alt_is_default: true },
      { alt: 'Sunny washroom — photo 2', alt_is_default: true },
    ]);
    const [first, second] = photos as [Photo, Photo];

    const url = `/api/properties/${id}/photos/${second.id}`;
    const saved = await paula.agent.request('PATCH', url, { alt: '  Walk-in shower with a grab bar ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().photos[1]).toMatchObject({
      id: second.id,
      alt: 'Walk-in shower with a grab bar',
      alt_is_default: false,
    });
    expect((await altRows()).map((row) => row.alt)).toEqual(['', 'Walk-in shower with a grab bar']);

    // The public API, the listing page's data, search cards and the host's list all use it.
    const order = `/api/properties/${id}/photos/order`;
    expect((await paula.agent.request('PUT', order, { photo_ids: [second.id, first.id] })).statusCode).toBe(
      200,
    );
    const publicPhotos = (await new TestAgent(ctx().app).get(`/api/properties/${id}/public`)).json().photos;
    expect(publicPhotos.map((photo: Photo) => photo.alt)).toEqual([
      'Walk-in shower with a grab bar',
      'Sunny washroom — photo 2',
    ]);
    const page = await ctx().services.availability.publicListing(id);
    expect(page?.photos.map((photo) => photo.alt)).toEqual([
      'Walk-in shower with a grab bar',
      'Sunny washroom — photo 2',
    ]);
    const search = await ctx().app.inject({
      method: 'GET',
      url: '/api/bathrooms/search?lat=30.2672&lng=-97.7431',
    });
    expect(search.json().results[0].cover.alt).toBe('Walk-in shower with a grab bar');
    const mine = (await paula.agent.get('/api/properties/mine')).json().properties[0];
    expect(mine.cover.alt).toBe('Walk-in shower with a grab bar');

    // An empty description brings the default back.
    const cleared = await paula.agent.request('PATCH', url, { alt: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().photos[0]).toMatchObject({ alt: 'Sunny washroom — photo 1', alt_is_default: true });
  });

  it('refuses a description that is too long, not text, or comes with unknown fields, naming the field', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const { id, photos } = await listingWithPhotos(paula);
    const url = `/api/properties/${id}/photos/${photos[0]?.id}`;

    const tooLong = await paula.agent.request('PATCH', url, { alt: 'x'.repeat(PHOTO_ALT_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual([
      { field: 'alt', message: `Keep the description to ${PHOTO_ALT_MAX} characters or fewer.` },
    ]);
    const longest = await paula.agent.request('PATCH', url, { alt: 'y'.repeat(PHOTO_ALT_MAX) });
    expect(longest.statusCode).toBe(200);

    const notText = await paula.agent.request('PATCH', url, { alt: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().fields[0].field).toBe('alt');
    const extra = await paula.agent.request('PATCH', url, { alt: 'Fine', position: 3 });
    expect(extra.statusCode).toBe(400);
    const badId = await paula.agent.request('PATCH', `/api/properties/${id}/photos/not-a-uuid`, {
      alt: 'Fine',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields[0].field).toBe('photoId');
    expect((await altRows())[0]?.alt).toBe('y'.repeat(PHOTO_ALT_MAX));
  });

  it('lets only the owner or an admin describe a photo: anonymous 401, guest, other host and disabled 403', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true, payouts: true });
    const guest = await signUp(ctx, 'guest@example.com');
    const ada = await signUp(ctx, 'ada@example.com', { admin: true });
    const { id, photos } = await listingWithPhotos(paula);
    const url = `/api/properties/${id}/photos/${photos[0]?.id}`;
    const body = { alt: 'Taken over' };

    expect((await new TestAgent(ctx().app).request('PATCH', url, body)).statusCode).toBe(401);
    for (const other of [guest, hector]) {
      const refused = await other.agent.request('PATCH', url, body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toBe('forbidden');
    }
    await updateProfile(ctx().services.db, paula.id, { is_deleted: true });
    const disabled = await paula.agent.request('PATCH', url, { alt: 'Mine, but I am gone' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    expect((await altRows()).map((row) => row.alt)).toEqual(['', '']);

    await updateProfile(ctx().services.db, paula.id, { is_deleted: false });
    const own = await paula.agent.request('PATCH', url, { alt: 'Bright sink under a window' });
    expect(own.statusCode, own.body).toBe(200);
    const checked = await ada.agent.request('PATCH', url, { alt: 'Sink with a soap dispenser' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await altRows())[0]?.alt).toBe('Sink with a soap dispenser');

    // A photo id from another listing is not this listing's photo.
    const other = await listingWithPhotos(hector);
    const crossed = await paula.agent.request(
      'PATCH',
      `/api/properties/${id}/photos/${other.photos[0]?.id}`,
      body,
    );
    expect(crossed.statusCode).toBe(404);
    expect((await altRows()).some((row) => row.alt === 'Taken over')).toBe(false);
  });

  it('lets the seed add a photo with its description (optional), refusing one that is too long', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula, { title: 'Sunny washroom' });
    const actor = { userId: paula.id, isProvider: true, isAdmin: false };
    const properties = ctx().services.properties;
    const image = await makeImage('png');
    const described = await properties.addPhoto(actor, draft.id, image, { alt: 'Pale green tiles' });
    expect(described.photos[0]).toMatchObject({ alt: 'Pale green tiles', alt_is_default: false });
    const plain = await properties.addPhoto(actor, draft.id, image);
    expect(plain.photos[1]).toMatchObject({ alt: 'Sunny washroom — photo 2', alt_is_default: true });
    await expect(
      properties.addPhoto(actor, draft.id, image, { alt: 'z'.repeat(PHOTO_ALT_MAX + 1) }),
    ).rejects.toMatchObject({ fields: [{ field: 'alt' }] });
    expect(await altRows()).toHaveLength(2);
  });

  it('keeps a new order across reads, and a refused order leaves the saved one untouched', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula);
    for (let i = 0; i < 3; i++) await addPhoto(ctx, paula, draft.id);
    const url = `/api/properties/${draft.id}`;
    const ids = (await altRows()).map((row) => row.id) as [string, string, string];
    const [a, b, c] = ids;

    expect(
      (await paula.agent.request('PUT', `${url}/photos/order`, { photo_ids: [b, a, c] })).statusCode,
    ).toBe(200);
    const reread = (await paula.agent.get(url)).json().photos as Photo[];
    expect(reread.map((photo) => [photo.id, photo.position])).toEqual([
      [b, 0],
      [a, 1],
      [c, 2],
    ]);
    expect((await altRows()).map((row) => row.id)).toEqual([b, a, c]);

    // A photo of another listing in the list is refused as a whole; nothing moves.
    const foreign = await createDraft(hector);
    const theirs = (await addPhoto(ctx, hector, foreign.id)).json().photos[0].id as string;
    const mixed = await paula.agent.request('PUT', `${url}/photos/order`, { photo_ids: [c, a, theirs] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields[0].field).toBe('photo_ids');
    expect((await altRows()).filter((row) => row.id !== theirs).map((row) => row.id)).toEqual([b, a, c]);
    expect((await paula.agent.get('/api/properties/mine')).json().properties[0].cover.id).toBe(b);
  });
});
