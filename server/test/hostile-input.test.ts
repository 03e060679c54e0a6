import { expect, it } from 'vitest';
import { INVALID_COORDINATES_MESSAGE } from '../../common/schemas/location.ts';
import { YEAR_RANGE_MESSAGE } from '../../common/schemas/timestamp.ts';
import { publishedBathroom, startIn } from '../domains/bookings/booking-test-support.ts';
import { addPhoto, createDraft, signUp } from '../domains/properties/property-test-support.ts';
import { describeWithApp } from './harness.ts';
import { TestAgent } from './http-client.ts';

/**
 * The inputs that once answered 500 (NUL bytes and years outside PostgreSQL's range reaching SQL)
 * now answer 400 naming the field (ADR 104). The fuzz test (server/test/fuzz) looks for more.
 */

type Answer = {
  statusCode: number;
  body: string;
  json: () => { error: string; fields?: { field: string; message: string }[] };
};

function expectFieldRefused(response: Answer, field: string, message: RegExp | string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.error).toBe('validation_error');
  expect(body.fields?.[0]?.field).toBe(field);
  if (typeof message === 'string') expect(body.fields?.[0]?.message).toBe(message);
  else expect(body.fields?.[0]?.message).toMatch(message);
}

const NUL = /control character \(U\+0000\)/;

describeWithApp('input that used to reach SQL', (ctx) => {
  it('answers 400 for a NUL in any text field, naming it', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true });
    const draft = await createDraft(host);
    expect((await addPhoto(ctx, host, draft.id)).statusCode).toBe(200);
    const photoId = (await host.agent.get(`/api/properties/${draft.id}`)).json().photos[0].id as string;

    expectFieldRefused(
      await host.agent.request('PATCH', '/api/profile', { first_name: 'a\u0000b' }),
      'first_name',
      NUL,
    );
    for (const field of ['title', 'description', 'house_rules', 'access_instructions']) {
      const response = await host.agent.request('PATCH', `/api/properties/${draft.id}`, {
        [field]: 'Good\u0000 text',
      });
      expectFieldRefused(response, field, NUL);
    }
    const location = { lat: 30.2672, lon: -97.7431, formatted: '501 Congress\u0000 Ave' };
    expectFieldRefused(
      await host.agent.request('PATCH', `/api/properties/${draft.id}`, { location }),
      'location.formatted',
      NUL,
    );
    expectFieldRefused(
      await host.agent.request('PATCH', `/api/properties/${draft.id}/photos/${photoId}`, { alt: 'a\u0000b' }),
      'alt',
      NUL,
    );
    const contact = {
      name: 'Pat',
      email: 'pat@example.com',
      subject: 'Hello there',
      body: 'A message\u0000 body',
    };
    expectFieldRefused(await new TestAgent(ctx().app).post('/api/email/send', contact), 'body', NUL);
  });

  it('answers 400 for lone surrogates and other control characters, and keeps line breaks where text spans lines', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true });
    const draft = await createDraft(host);
    const url = `/api/properties/${draft.id}`;
    expectFieldRefused(
      await host.agent.request('PATCH', url, { title: 'Broken \ud800 title' }),
      'title',
      /broken character/,
    );
    expectFieldRefused(
      await host.agent.request('PATCH', url, { title: 'Two\nlines' }),
      'title',
      'Keep this to one line.',
    );
    expectFieldRefused(
      await host.agent.request('PATCH', url, { description: 'Bell\u0007' }),
      'description',
      /U\+0007/,
    );
    const described = await host.agent.request('PATCH', url, { description: 'Two\nlines\twith a tab' });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().description).toBe('Two\nlines\twith a tab');
  });

  it('answers 400 for %00 in a search or a path parameter', async () => {
    const admin = await signUp(ctx, 'admin@example.com', { admin: true });
    for (const list of ['/api/admin/users', '/api/admin/bookings', '/api/admin/provider-requests']) {
      expectFieldRefused(await admin.agent.get(`${list}?q=%00`), 'q', NUL);
    }
    expectFieldRefused(
      await admin.agent.request('PATCH', '/api/admin/users/%00', { is_active: true }),
      'id',
      NUL,
    );
    expectFieldRefused(await admin.agent.request('DELETE', '/api/account/sessions/a%00b'), 'id', NUL);
    expectFieldRefused(await new TestAgent(ctx().app).get('/api/location/search?text=%00'), 'text', NUL);
  });

  it('answers 400 for a coordinate too small for PostgreSQL’s float arithmetic, and takes 0', async () => {
    const agent = new TestAgent(ctx().app);
    const tiny = '5e-324';
    expectFieldRefused(
      await agent.get(`/api/bathrooms/go-now?lat=37.2&lon=${tiny}`),
      'lon',
      INVALID_COORDINATES_MESSAGE,
    );
    expectFieldRefused(
      await agent.get(`/api/bathrooms/search?lat=${tiny}&lng=-74`),
      'lat',
      INVALID_COORDINATES_MESSAGE,
    );
    expect((await agent.get('/api/bathrooms/go-now?lat=0&lon=0')).statusCode).toBe(200);
    expect((await agent.get('/api/bathrooms/search?lat=0.000001&lng=-74')).statusCode).toBe(200);
  });

  it('answers 400 for a year outside 2000–2100, naming the field', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true });
    const guest = await signUp(ctx, 'guest@example.com');
    const bathroomId = await publishedBathroom(ctx, host.id);
    for (const startsAt of ['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2101-01-01T00:00:00Z']) {
      const response = await guest.agent.post('/api/bookings', { bathroomId, startsAt, durationMinutes: 60 });
      expectFieldRefused(response, 'startsAt', YEAR_RANGE_MESSAGE);
    }
    const blackout = { bathroomId, startsAt: startIn(2).toISOString(), endsAt: '9999-12-31T23:59:59Z' };
    expectFieldRefused(
      await host.agent.post('/api/manage/blackouts/preview', blackout),
      'endsAt',
      YEAR_RANGE_MESSAGE,
    );
    expectFieldRefused(
      await host.agent.get('/api/manage/bookings?week=0000-01-01'),
      'week',
      YEAR_RANGE_MESSAGE,
    );
    expectFieldRefused(
      await guest.agent.get(`/api/bathrooms/${bathroomId}/slots?date=9999-12-31&duration=60`),
      'date',
      YEAR_RANGE_MESSAGE,
    );
    expectFieldRefused(
      await guest.agent.get('/api/bathrooms/search?lat=40.7&lng=-74&date=0000-01-01'),
      'date',
      YEAR_RANGE_MESSAGE,
    );
    const cursor = `0000-01-01T00:00:00.000Z_${bathroomId}`;
    expectFieldRefused(
      await guest.agent.get(`/api/notifications?before=${cursor}`),
      'before',
      'Invalid cursor',
    );
    // The edges themselves are fine.
    const edge = await guest.agent.get(`/api/bathrooms/${bathroomId}/slots?date=2100-12-31&duration=60`);
    expect(edge.statusCode, edge.body).toBe(200);
  });
});
