import { expect, it } from 'vitest';
import { PAYOUTS_MISSING } from '../../../common/schemas/properties.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { AUSTIN, addPhoto, bathroomRow, createDraft, NEW_YORK, signUp } from './property-test-support.ts';

describeWithApp('listings: create, edit, publish, delete', (ctx) => {
  it('lets a provider create a draft with derived zone, public point, place and default hours', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula, { description: 'Clean and calm.', amenities: ['sink', 'wifi'] });
    expect(draft).toMatchObject({
      status: 'draft',
      host_id: paula.id,
      title: 'Bright bathroom near Congress Ave',
      timezone: 'America/Chicago',
      city: 'Austin',
      state_code: 'TX',
      country_code: 'US',
      latitude: AUSTIN.lat,
      longitude: AUSTIN.lon,
      hourly_price_cents: 1200,
      allowed_durations: [15, 30, 45, 60, 90, 120],
      cleaning_buffer_minutes: 0,
      amenities: ['sink', 'wifi'],
      rating_average: null,
      rating_count: 0,
      photos: [],
      missing_for_publish: ['Add at least one photo.'],
    });
    const hours = draft.opening_hours as { weekday: number; opens: string; closes: string }[];
    expect(hours).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })),
    );
    // The public point is moved, but by no more than about 0.3 mile, and the same on every read.
    const row = await bathroomRow(ctx, draft.id);
    expect(row?.public_latitude).not.toBe(AUSTIN.lat);
    expect(Math.abs((row?.public_latitude ?? 0) - AUSTIN.lat)).toBeLessThan(0.005);
    expect(Math.abs((row?.public_longitude ?? 0) - AUSTIN.lon)).toBeLessThan(0.006);
    const mine = await paula.agent.get('/api/properties/mine');
    expect(mine.json().properties).toEqual([
      expect.objectContaining({ id: draft.id, status: 'draft', cover: null, photo_count: 0 }),
    ]);
  });

  it('refuses anonymous callers (401), guests (403) and disabled accounts (403)', async () => {
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.post('/api/properties', { title: 'Nice', location: AUSTIN })).statusCode).toBe(
      401,
    );
    expect((await anonymous.get('/api/properties/mine')).statusCode).toBe(401);

    const guest = await signUp(ctx, 'guest@example.com');
    const refused = await guest.agent.post('/api/properties', { title: 'My loo', location: AUSTIN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only hosts/);

    const gone = await signUp(ctx, 'gone@example.com', { provider: true });
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const disabled = await gone.agent.post('/api/properties', { title: 'My loo', location: AUSTIN });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    expect(await ctx().services.db.selectFrom('bathrooms').select('id').execute()).toHaveLength(0);
  });

  it('lets only the owner or an admin see and change a listing; others get 403 and nothing changes', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const ada = await signUp(ctx, 'ada@example.com', { admin: true });
    const draft = await createDraft(paula);
    await addPhoto(ctx, paula, draft.id);
    const before = await bathroomRow(ctx, draft.id);
    const url = `/api/properties/${draft.id}`;

    const attempts = [
      await hector.agent.get(url),
      await hector.agent.request('PATCH', url, { title: 'Hijacked listing' }),
      await hector.agent.post(`${url}/publish`),
      await hector.agent.post(`${url}/unpublish`),
      await hector.agent.request('PUT', `${url}/opening-hours`, { ranges: [] }),
      await hector.agent.request('DELETE', url),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toBe('forbidden');
    }
    expect(await bathroomRow(ctx, draft.id)).toEqual(before);
    expect((await paula.agent.get(url)).json().opening_hours).toHaveLength(7);
    expect((await new TestAgent(ctx().app).request('PATCH', url, { title: 'Anonymous' })).statusCode).toBe(
      401,
    );

    const edited = await ada.agent.request('PATCH', url, { title: 'Checked by an admin' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe('Checked by an admin');
    expect((await ada.agent.get(url)).json().access_instructions).toBe('');
    expect((await hector.agent.get('/api/properties/mine')).json().properties).toEqual([]);
  });

  it('names the field of bad input with a 400', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab', location: AUSTIN }, 'title'],
      [{ title: 'x'.repeat(81), location: AUSTIN }, 'title'],
      [{ title: 'Fine title', location: AUSTIN, description: 'x'.repeat(5001) }, 'description'],
      [{ title: 'Fine title', location: AUSTIN, hourly_price_cents: 99 }, 'hourly_price_cents'],
      [{ title: 'Fine title', location: AUSTIN, hourly_price_cents: 20_001 }, 'hourly_price_cents'],
      [{ title: 'Fine title', location: AUSTIN, hourly_price_cents: 10.5 }, 'hourly_price_cents'],
      [{ title: 'Fine title', location: AUSTIN, allowed_durations: [] }, 'allowed_durations'],
      [{ title: 'Fine title', location: AUSTIN, allowed_durations: [20] }, 'allowed_durations.0'],
      [{ title: 'Fine title', location: AUSTIN, cleaning_buffer_minutes: 7 }, 'cleaning_buffer_minutes'],
      [{ title: 'Fine title', location: AUSTIN, amenities: ['jacuzzi'] }, 'amenities.0'],
      [{ title: 'Fine title', location: AUSTIN, accessibility: ['lift'] }, 'accessibility.0'],
      [{ title: 'Fine title', location: AUSTIN, house_rules: 'x'.repeat(2001) }, 'house_rules'],
      [
        { title: 'Fine title', location: AUSTIN, access_instructions: 'x'.repeat(2001) },
        'access_instructions',
      ],
      [{ title: 'Fine title', location: { ...AUSTIN, lat: 91 } }, 'location.lat'],
      [{ title: 'Fine title', location: { ...AUSTIN, lon: -181 } }, 'location.lon'],
      [{ title: 'Fine title' }, 'location'],
      [{ title: 'Fine title', location: AUSTIN, status: 'published' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const response = await paula.agent.post('/api/properties', body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const coordinates = await paula.agent.post('/api/properties', {
      title: 'Fine',
      location: { ...AUSTIN, lat: 91 },
    });
    expect(coordinates.json().fields[0].message).toBe('Invalid coordinates provided.');
    expect(await ctx().services.db.selectFrom('bathrooms').select('id').execute()).toHaveLength(0);

    const draft = await createDraft(paula);
    const patch = await paula.agent.request('PATCH', `/api/properties/${draft.id}`, {
      hourly_price_cents: 0,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields[0].field).toBe('hourly_price_cents');
    expect((await paula.agent.request('PATCH', `/api/properties/${draft.id}`, {})).statusCode).toBe(400);
    expect((await paula.agent.get('/api/properties/not-a-uuid')).statusCode).toBe(400);
  });

  it('moves the public point and time zone when the address changes', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula);
    const moved = await paula.agent.request('PATCH', `/api/properties/${draft.id}`, { location: NEW_YORK });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ timezone: 'America/New_York', city: 'New York', state_code: 'NY' });
    const row = await bathroomRow(ctx, draft.id);
    expect(Math.abs((row?.public_latitude ?? 0) - NEW_YORK.lat)).toBeLessThan(0.005);
    expect(row?.location.formatted).toBe(NEW_YORK.formatted);
  });

  it('publishes only with a photo and opening hours, and hides drafts and unlisted ones from the public', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula, { access_instructions: 'Code 4711 at the side door.' });
    const url = `/api/properties/${draft.id}`;
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get(`${url}/public`)).statusCode).toBe(404);
    expect(await ctx().services.properties.getPublicListing(draft.id)).toBeNull();

    const early = await paula.agent.post(`${url}/publish`);
    expect(early.statusCode).toBe(409);
    expect(early.json().fields).toEqual([{ field: 'photos', message: 'Add at least one photo.' }]);
    expect((await bathroomRow(ctx, draft.id))?.status).toBe('draft');

    expect((await addPhoto(ctx, paula, draft.id)).statusCode).toBe(200);
    expect((await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: [] })).statusCode).toBe(200);
    const noHours = await paula.agent.post(`${url}/publish`);
    expect(noHours.statusCode).toBe(409);
    expect(noHours.json().fields.map((f: { field: string }) => f.field)).toEqual(['opening_hours']);

    const week = [{ weekday: 1, opens: '09:00', closes: '17:00' }];
    expect((await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: week })).statusCode).toBe(200);
    const published = await paula.agent.post(`${url}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', missing_for_publish: [] });
    expect(published.json().published_at).toEqual(expect.any(String));

    const listing = await anonymous.get(`${url}/public`);
    expect(listing.statusCode).toBe(200);
    const body = listing.json();
    expect(body).toMatchObject({ id: draft.id, title: draft.title, city: 'Austin', opening_hours: week });
    for (const secret of ['access_instructions', 'location', 'latitude', 'longitude', 'status']) {
      expect(body).not.toHaveProperty(secret);
    }
    // The whole phrase: four digits alone turn up by chance in the listing's random ids.
    expect(listing.body).not.toContain('Code 4711');
    expect(listing.body).not.toContain('501 Congress');

    // A published listing keeps its last photo and at least one open day.
    const photoId = body.photos[0].id as string;
    expect((await paula.agent.request('DELETE', `${url}/photos/${photoId}`)).statusCode).toBe(409);
    expect((await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: [] })).statusCode).toBe(400);

    const unlisted = await paula.agent.post(`${url}/unpublish`);
    expect(unlisted.json().status).toBe('unlisted');
    expect((await anonymous.get(`${url}/public`)).statusCode).toBe(404);
    expect((await paula.agent.post(`${url}/publish`)).json().status).toBe('published');
  });

  it('refuses to publish for a host whose payout account is not linked, and says where to link it', async () => {
    const una = await signUp(ctx, 'una@example.com', { provider: true });
    const ada = await signUp(ctx, 'ada@example.com', { admin: true });
    const draft = await createDraft(una);
    await addPhoto(ctx, una, draft.id);
    const url = `/api/properties/${draft.id}`;
    const view = (await una.agent.get(url)).json();
    expect(view.missing_for_publish).toEqual([PAYOUTS_MISSING]);

    const refused = await una.agent.post(`${url}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual([{ field: 'payouts', message: PAYOUTS_MISSING }]);
    expect(refused.json().message).toMatch(/link your Stripe account .*\/manage\/stripe-connect/);
    // The rule is the host's: an admin cannot publish an unlinked host's listing either.
    expect((await ada.agent.post(`${url}/publish`)).statusCode).toBe(409);

    // An account linked but not yet able to be paid is still unlinked.
    await updateProfile(ctx().services.db, una.id, { stripe_connect_id: 'acct_test_una' });
    expect((await una.agent.post(`${url}/publish`)).statusCode).toBe(409);
    expect((await bathroomRow(ctx, draft.id))?.status).toBe('draft');

    await updateProfile(ctx().services.db, una.id, { is_stripe_connected: true });
    expect((await una.agent.get(url)).json().missing_for_publish).toEqual([]);
    const published = await una.agent.post(`${url}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('published');
  });

  it('deletes a listing with its photos and stored files', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true, payouts: true });
    const draft = await createDraft(paula);
    const photo = (await addPhoto(ctx, paula, draft.id)).json().photos[0];
    expect((await ctx().app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);

    const deleted = await paula.agent.request('DELETE', `/api/properties/${draft.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await bathroomRow(ctx, draft.id)).toBeUndefined();
    expect(await ctx().services.db.selectFrom('bathroom_photos').select('id').execute()).toHaveLength(0);
    expect(await ctx().services.db.selectFrom('stored_images').select('storage_key').execute()).toHaveLength(
      0,
    );
    expect((await ctx().app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await paula.agent.get(`/api/properties/${draft.id}`)).statusCode).toBe(404);
  });
});
