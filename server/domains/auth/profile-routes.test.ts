import { expect, it } from 'vitest';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import { PROFILE_LOCATIONS_MAX } from '../../../common/schemas/profile.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { findProfile, updateProfile } from './repository.ts';

const home: ProfileLocation = {
  lat: 30.2672,
  lon: -97.7431,
  formatted: '500 Congress Ave, Austin, TX 78701, United States',
  address_line1: '500 Congress Ave',
  name: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'United States',
};
const work: ProfileLocation = { lat: 40.7128, lon: -74.006, formatted: '1 Centre St, New York, NY 10007' };

describeWithApp('profile API', (ctx) => {
  async function signUp(email: string) {
    const agent = new TestAgent(ctx().app);
    const { userId } = await signUpAndSignIn(agent, {
      email,
      password: 'a fine password',
      first_name: 'Pat',
      last_name: 'Person',
    });
    return { agent, id: userId };
  }

  it('answers 401 to anonymous callers on every profile route', async () => {
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get('/api/profile')).statusCode).toBe(401);
    const patch = await anonymous.request('PATCH', '/api/profile', { first_name: 'X' });
    expect(patch.statusCode).toBe(401);
    expect(patch.json()).toMatchObject({ error: 'unauthenticated' });
    expect((await anonymous.request('DELETE', '/api/profile/picture')).statusCode).toBe(401);
  });

  it('shows the user their profile and contact state', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const response = await agent.get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      first_name: 'Pat',
      last_name: 'Person',
      profile_picture_url: null,
      is_provider: false,
      is_stripe_connected: false,
      is_admin: false,
      is_active: true,
      is_deleted: false,
      locations: [],
      email: 'pat@example.com',
      email_verified: false,
      phone_number: null,
      phone_number_verified: false,
      two_factor_enabled: false,
    });
  });

  it('changes names and saved addresses; the first address is the default', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const named = await agent.request('PATCH', '/api/profile', {
      first_name: '  Patricia ',
      last_name: 'Lopez',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ first_name: 'Patricia', last_name: 'Lopez', locations: [] });

    const added = await agent.request('PATCH', '/api/profile', { locations: [home, work] });
    expect(added.json().locations).toEqual([home, work]);
    // Make "work" the default by moving it first; remove nothing else.
    const reordered = await agent.request('PATCH', '/api/profile', { locations: [work, home] });
    expect(reordered.json().locations.map((l: ProfileLocation) => l.formatted)).toEqual([
      work.formatted,
      home.formatted,
    ]);
    const removed = await agent.request('PATCH', '/api/profile', { locations: [home] });
    expect(removed.json().locations).toEqual([home]);

    const stored = await findProfile(ctx().services.db, id);
    expect(stored).toMatchObject({ first_name: 'Patricia', last_name: 'Lopez', locations: [home] });
    expect((await agent.get('/api/profile')).json().locations).toEqual([home]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { agent, id } = await signUp('pat@example.com');
    const cases: [unknown, string, RegExp][] = [
      [{ first_name: '' }, 'first_name', /first name/],
      [{ first_name: 'x'.repeat(61) }, 'first_name', /at most 60/],
      [{ locations: [{ ...home, lat: 91 }] }, 'locations.0.lat', /^Invalid coordinates provided\.$/],
      [{ locations: [{ ...home, lon: 'west' }] }, 'locations.0.lon', /^Invalid coordinates provided\.$/],
      [{ locations: [{ ...home, formatted: '' }] }, 'locations.0.formatted', /formatted/],
      [{ locations: [{ ...home, city: 'Austin' }] }, 'locations.0.city', /Unknown field/],
      [{ locations: Array.from({ length: PROFILE_LOCATIONS_MAX + 1 }, () => home) }, 'locations', /up to 10/],
      [{ is_admin: true }, 'is_admin', /Unknown field/],
      [{ profile_picture_url: 'https://evil.example/x.png' }, 'profile_picture_url', /Unknown field/],
      [{}, 'body', /at least one/],
    ];
    for (const [body, field, message] of cases) {
      const response = await agent.request('PATCH', '/api/profile', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const fields = response.json().fields as { field: string; message: string }[];
      expect(fields[0]?.field).toBe(field);
      expect(fields[0]?.message).toMatch(message);
    }
    const malformed = await agent.request('PATCH', '/api/profile', '{"first_name":', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    const stored = await findProfile(ctx().services.db, id);
    expect(stored).toMatchObject({ first_name: 'Pat', is_admin: false, locations: [] });
  });

  it('keeps each user to their own profile', async () => {
    const pat = await signUp('pat@example.com');
    const sam = await signUp('sam@example.com');
    await sam.agent.request('PATCH', '/api/profile', { first_name: 'Sam', locations: [work] });
    expect((await pat.agent.get('/api/profile')).json()).toMatchObject({
      id: pat.id,
      first_name: 'Pat',
      locations: [],
    });
    expect(await findProfile(ctx().services.db, sam.id)).toMatchObject({ first_name: 'Sam' });
  });

  it('lets an admin edit their own profile like anyone else', async () => {
    const { agent, id } = await signUp('ada@example.com');
    await updateProfile(ctx().services.db, id, { is_admin: true });
    const response = await agent.request('PATCH', '/api/profile', { last_name: 'Admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ last_name: 'Admin', is_admin: true });
  });

  it('refuses disabled and under-review accounts with 403', async () => {
    const { agent, id } = await signUp('pat@example.com');
    await updateProfile(ctx().services.db, id, { is_deleted: true });
    const disabled = await agent.request('PATCH', '/api/profile', { first_name: 'Sneaky' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    expect((await agent.get('/api/profile')).statusCode).toBe(403);
    await updateProfile(ctx().services.db, id, { is_deleted: false, is_active: false });
    const review = await agent.get('/api/profile');
    expect(review.statusCode).toBe(403);
    expect(review.json().error).toBe('account_under_review');
    expect(await findProfile(ctx().services.db, id)).toMatchObject({ first_name: 'Pat' });
  });

  it('documents the profile, picture and admin routes in the OpenAPI spec', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/profile'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(paths['/api/profile/picture'] ?? {}).sort()).toEqual(['delete', 'post']);
    expect(paths['/api/admin/overview']).toHaveProperty('get');
    expect(paths['/api/admin/users/{id}']).toHaveProperty('patch');
    const patch = paths['/api/profile']?.patch as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    expect(JSON.stringify(patch.requestBody.content['application/json']?.schema)).toContain('locations');
  });
});
