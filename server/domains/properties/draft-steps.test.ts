import { expect, it } from 'vitest';
import { PAYOUTS_MISSING } from '../../../common/schemas/properties.ts';
import { describeWithApp } from '../../test/harness.ts';
import { updateProfile } from '../auth/repository.ts';
import { addPhoto, bathroomRow, createDraft, signUp } from './property-test-support.ts';

/** A draft remembers the add-a-bathroom steps done, and says exactly what publishing lacks (ADR 117). */

const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '07:00', closes: '19:00' }));

describeWithApp('listings: remembered steps and the publish step', (ctx) => {
  it('remembers each step as it is saved, on the server, and a reopened draft reads them back', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const url = `/api/properties/${draft.id}`;
    // Title and address made the draft; its default week and empty lists are not the host's choice.
    expect(draft.completed_steps).toEqual(['basics', 'address']);

    expect((await addPhoto(ctx, paula, draft.id)).statusCode).toBe(200);
    const priced = await paula.agent.request('PATCH', url, { hourly_price_cents: 900 });
    expect(priced.json().completed_steps).toEqual(['basics', 'address', 'photos']);
    const hours = await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: WEEKDAYS });
    expect(hours.json().completed_steps).toEqual(['basics', 'address', 'photos', 'hours']);
    // Saving an empty list still completes the step: "no amenities" is an answer.
    const amenities = await paula.agent.request('PATCH', url, { amenities: [], accessibility: [] });
    expect(amenities.json().completed_steps).toEqual(['basics', 'address', 'photos', 'hours', 'amenities']);
    const rules = await paula.agent.request('PATCH', url, {
      house_rules: '',
      access_instructions: 'Code 1234',
    });
    const all = ['basics', 'address', 'photos', 'hours', 'amenities', 'rules'];
    expect(rules.json().completed_steps).toEqual(all);

    // Reopening (a new read, as the page's loader does) and My bathrooms both see them.
    expect((await paula.agent.get(url)).json().completed_steps).toEqual(all);
    const mine = (await paula.agent.get('/api/properties/mine')).json().properties;
    expect(mine[0].completed_steps).toEqual(all);
    // Kept once each, however often a step is saved again.
    await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: WEEKDAYS });
    expect((await bathroomRow(ctx, draft.id))?.completed_steps).toEqual(['amenities', 'hours', 'rules']);
  });

  it('reads photos from the data: removing the last photo reopens that step', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const withPhoto = (await addPhoto(ctx, paula, draft.id)).json();
    expect(withPhoto.completed_steps).toContain('photos');
    const removed = await paula.agent.request(
      'DELETE',
      `/api/properties/${draft.id}/photos/${withPhoto.photos[0].id}`,
    );
    expect(removed.json().completed_steps).toEqual(['basics', 'address']);
  });

  it('lets nobody but the host (or an admin) mark another host’s steps', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const draft = await createDraft(paula);
    const url = `/api/properties/${draft.id}`;
    expect((await hector.agent.request('PATCH', url, { amenities: ['sink'] })).statusCode).toBe(403);
    expect((await hector.agent.request('PUT', `${url}/opening-hours`, { ranges: WEEKDAYS })).statusCode).toBe(
      403,
    );
    expect((await bathroomRow(ctx, draft.id))?.completed_steps).toEqual([]);
  });

  it('lists exactly what publishing lacks, field by field, and publishes once it is all there', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const url = `/api/properties/${draft.id}`;
    expect(draft.publish_missing).toEqual([
      { field: 'photos', message: 'Add at least one photo.' },
      { field: 'payouts', message: PAYOUTS_MISSING },
    ]);
    expect(draft.missing_for_publish).toEqual(['Add at least one photo.', PAYOUTS_MISSING]);

    await addPhoto(ctx, paula, draft.id);
    const closed = await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: [] });
    expect(closed.json().publish_missing).toEqual([
      { field: 'opening_hours', message: 'Open on at least one day of the week.' },
      { field: 'payouts', message: PAYOUTS_MISSING },
    ]);
    const refused = await paula.agent.post(`${url}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields.map((item: { field: string }) => item.field)).toEqual([
      'opening_hours',
      'payouts',
    ]);

    const open = await paula.agent.request('PUT', `${url}/opening-hours`, { ranges: WEEKDAYS });
    expect(open.json().publish_missing).toEqual([{ field: 'payouts', message: PAYOUTS_MISSING }]);
    await updateProfile(ctx().services.db, paula.id, {
      stripe_connect_id: `acct_test_${paula.id}`,
      is_stripe_connected: true,
    });
    const ready = (await paula.agent.get(url)).json();
    expect(ready.publish_missing).toEqual([]);
    expect(ready.missing_for_publish).toEqual([]);
    const published = await paula.agent.post(`${url}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('published');
  });
});
