import sharp from 'sharp';
import { expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { describeWithApp } from '../../test/harness.ts';
import { listFiles, makeImage, uploadFile } from '../storage/upload-test-helpers.ts';
import { addPhoto, createDraft, signUp } from './property-test-support.ts';

describeWithApp('listings: photos and opening hours', (ctx) => {
  const uploads = () => ctx().services.config.uploadsDir;
  const photoRows = () => ctx().services.db.selectFrom('bathroom_photos').selectAll().execute();

  it('stores a 4:3 WebP at 800×600 and 1600×1200, named after the title until described; the first is the cover', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const response = await uploadFile(
      ctx().app,
      paula.agent,
      `/api/properties/${draft.id}/photos`,
      await makeImage('jpeg', { width: 1000, height: 1000 }),
      { filename: 'sink.jpg', contentType: 'image/jpeg' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [photo] = response.json().photos;
    expect(photo).toMatchObject({
      position: 0,
      alt: `${draft.title} — photo 1`,
      alt_is_default: true,
      width: 800,
      height: 600,
    });
    expect(photo.url).toMatch(/^\/uploads\/images\/bathroom\/[0-9a-f-]{36}@1x\.webp$/);
    expect(photo.srcset).toBe(`${photo.url} 1x, ${photo.url.replace('@1x', '@2x')} 2x`);
    const served = await ctx().app.inject({ method: 'GET', url: photo.url.replace('@1x', '@2x') });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1200,
    });

    await addPhoto(ctx, paula, draft.id);
    const summary = (await paula.agent.get('/api/properties/mine')).json().properties[0];
    expect(summary).toMatchObject({ photo_count: 2, cover: { id: photo.id } });
  });

  it('refuses a wrong type (415) or size (413) and stores nothing', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const before = await listFiles(uploads());
    const url = `/api/properties/${draft.id}/photos`;
    const gif = await uploadFile(ctx().app, paula.agent, url, await makeImage('gif'), { filename: 'x.png' });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('Please choose a JPEG, PNG or WebP image.');
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooBig = await uploadFile(ctx().app, paula.agent, url, big);
    expect(tooBig.statusCode).toBe(413);
    expect(await photoRows()).toHaveLength(0);
    expect(await ctx().services.db.selectFrom('stored_images').select('id').execute()).toHaveLength(0);
    expect(await listFiles(uploads())).toEqual(before);
  });

  // Eleven uploads through the image pipeline: generous on a busy two-core machine.
  it('takes at most 10 photos, and refuses uploads to someone else’s listing', {
    timeout: 120_000,
  }, async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const draft = await createDraft(paula);
    for (let i = 0; i < 10; i++) expect((await addPhoto(ctx, paula, draft.id)).statusCode).toBe(200);
    const filesAtTen = await listFiles(uploads());
    const eleventh = await addPhoto(ctx, paula, draft.id);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toMatch(/at most 10 photos/);
    expect(await photoRows()).toHaveLength(10);
    expect(await listFiles(uploads())).toEqual(filesAtTen);

    const other = await createDraft(hector);
    const refused = await addPhoto(ctx, paula, other.id);
    expect(refused.statusCode).toBe(403);
    expect((await photoRows()).filter((row) => row.bathroom_id === other.id)).toHaveLength(0);
  });

  it('reorders photos (the first becomes the cover) and renumbers after a removal', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const draft = await createDraft(paula);
    for (let i = 0; i < 3; i++) await addPhoto(ctx, paula, draft.id);
    const url = `/api/properties/${draft.id}`;
    const ids = ((await paula.agent.get(url)).json().photos as { id: string }[]).map((photo) => photo.id);
    const [a, b, c] = ids as [string, string, string];

    const reordered = await paula.agent.request('PUT', `${url}/photos/order`, { photo_ids: [c, a, b] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().photos.map((photo: { id: string }) => photo.id)).toEqual([c, a, b]);
    expect((await paula.agent.get('/api/properties/mine')).json().properties[0].cover.id).toBe(c);

    const incomplete = await paula.agent.request('PUT', `${url}/photos/order`, { photo_ids: [a, b] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields[0].field).toBe('photo_ids');
    const twice = await paula.agent.request('PUT', `${url}/photos/order`, { photo_ids: [a, a, b] });
    expect(twice.statusCode).toBe(400);
    const hijack = await hector.agent.request('PUT', `${url}/photos/order`, { photo_ids: [a, b, c] });
    expect(hijack.statusCode).toBe(403);

    const removed = await paula.agent.request('DELETE', `${url}/photos/${c}`);
    expect(removed.statusCode).toBe(200);
    expect(
      removed.json().photos.map((photo: { id: string; position: number }) => [photo.id, photo.position]),
    ).toEqual([
      [a, 0],
      [b, 1],
    ]);
    expect(await ctx().services.db.selectFrom('stored_images').select('id').execute()).toHaveLength(4);
    expect((await hector.agent.request('DELETE', `${url}/photos/${a}`)).statusCode).toBe(403);
    expect(await photoRows()).toHaveLength(2);
  });

  it('replaces the week with several ranges a day, refusing overlaps and malformed times by field', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const url = `/api/properties/${draft.id}/opening-hours`;
    const week = [
      { weekday: 1, opens: '07:00', closes: '11:30' },
      { weekday: 1, opens: '11:30', closes: '14:00' },
      { weekday: 1, opens: '17:00', closes: '24:00' },
      { weekday: 6, opens: '10:00', closes: '16:00' },
    ];
    const saved = await paula.agent.request('PUT', url, { ranges: week });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().opening_hours).toEqual(week);

    const cases: [unknown[], string, RegExp][] = [
      [
        [
          { weekday: 2, opens: '09:00', closes: '13:00' },
          { weekday: 2, opens: '12:00', closes: '15:00' },
        ],
        'ranges.1.opens',
        /overlaps/,
      ],
      [[{ weekday: 3, opens: '18:00', closes: '09:00' }], 'ranges.0.closes', /after opening/],
      [[{ weekday: 3, opens: '9:00', closes: '12:00' }], 'ranges.0.opens', /08:00/],
      [[{ weekday: 3, opens: '09:00', closes: '25:00' }], 'ranges.0.closes', /20:00/],
      [[{ weekday: 8, opens: '09:00', closes: '12:00' }], 'ranges.0.weekday', /Monday/],
    ];
    for (const [ranges, field, message] of cases) {
      const response = await paula.agent.request('PUT', url, { ranges });
      expect(response.statusCode, field).toBe(400);
      const found = response.json().fields.find((f: { field: string }) => f.field === field);
      expect(found?.message, `${field}: ${response.body}`).toMatch(message);
    }
    expect((await paula.agent.get(`/api/properties/${draft.id}`)).json().opening_hours).toEqual(week);
  });

  it('has the database refuse overlapping ranges even past the schema', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    await expect(
      ctx()
        .services.db.insertInto('bathroom_opening_hours')
        .values({ bathroom_id: draft.id, weekday: 1, opens: '09:00', closes: '10:00' })
        .execute(),
    ).rejects.toThrow(/no_overlap|exclusion|conflicting key/i);
  });
});
