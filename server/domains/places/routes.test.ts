import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { LOCATION_SEARCH_RATE_LIMIT } from './routes.ts';

/** Each test searches from its own address, so the per-IP limit never leaks between tests. */
let nextIp = 1;
const freshAgent = (app: FastifyInstance) => new TestAgent(app, `10.4.0.${nextIp++}`);

describeWithApp('GET /api/location/search', (ctx) => {
  const search = (query: string) => freshAgent(ctx().app).get(`/api/location/search?${query}`);
  const firstAddress = async (query: string) => {
    const response = await search(query);
    expect(response.statusCode).toBe(200);
    return response.json().results[0]?.formatted_address;
  };

  beforeAll(() => ctx().services.places.warm(), 30_000);

  it('finds a city by name, by prefix, and with a typo and a state', async () => {
    expect(await firstAddress('text=austin')).toBe('Austin, TX, United States');
    expect(await firstAddress('text=aust')).toBe('Austin, TX, United States');
    expect(await firstAddress(`text=${encodeURIComponent('austn tx')}`)).toBe('Austin, TX, United States');
    expect(await firstAddress(`text=${encodeURIComponent('New York, NY')}`)).toBe(
      'New York City, NY, United States',
    );
  });

  it('answers the spec §7 shape for everyone, signed in or not', async () => {
    const response = await search('text=austin');
    const [result] = response.json().results;
    expect(result).toEqual({
      geometry: { location: { lat: 30.26715, lng: -97.74306 } },
      formatted_address: 'Austin, TX, United States',
      place_id: expect.stringMatching(/^geonames:\d+$/),
      address_components: expect.arrayContaining([
        { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
      ]),
      types: ['locality', 'political'],
      plus_code: {
        global_code: expect.stringMatching(/^[23456789CFGHJMPQRVWX]{8}\+[23456789CFGHJMPQRVWX]{2}$/),
      },
    });
  });

  it('ranks by nearness when told where the user is', async () => {
    expect(await firstAddress(`text=austin&near=${encodeURIComponent('44.0121,-92.4802')}`)).toBe(
      'Austin, MN, United States',
    );
  });

  it('reverse-geocodes a point to the place it is in', async () => {
    expect(await firstAddress('latitude=30.2672&longitude=-97.7431')).toBe('Austin, TX, United States');
    expect(await firstAddress('latitude=40.7128&longitude=-74.0060')).toBe(
      'New York City, NY, United States',
    );
  });

  it('answers an empty list, not an error, for a name that matches nothing', async () => {
    const response = await search('text=xqzvw');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it.each([
    ['latitude=91&longitude=0', 'latitude'],
    ['latitude=-90.5&longitude=0', 'latitude'],
    ['latitude=10&longitude=180.01', 'longitude'],
    ['latitude=abc&longitude=10', 'latitude'],
    ['latitude=10&longitude=', 'longitude'],
    ['latitude=10', 'longitude'],
    ['longitude=10', 'latitude'],
    ['latitude=1e400&longitude=0', 'latitude'],
    ['text=austin&near=91,0', 'near'],
    ['text=austin&near=somewhere', 'near'],
  ])('refuses %s with 400 "Invalid coordinates provided." naming %s', async (query, field) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_error',
      message: 'Invalid coordinates provided.',
      fields: [{ field, message: 'Invalid coordinates provided.' }],
    });
  });

  it('refuses a search with neither text nor coordinates, naming the text field', async () => {
    for (const query of ['', 'text=', 'text=%20%20']) {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'text', message: 'Type a city or town, or send latitude and longitude.' },
      ]);
    }
  });

  it('refuses unknown parameters and overlong text, naming the field', async () => {
    const unknown = await search('text=austin&radius=5');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].field).toBe('radius');
    const long = await search(`text=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].field).toBe('text');
  });

  it(`limits one address to ${LOCATION_SEARCH_RATE_LIMIT.max} searches a minute`, async () => {
    const agent = freshAgent(ctx().app);
    for (let i = 0; i < LOCATION_SEARCH_RATE_LIMIT.max; i++) {
      const response = await agent.get('/api/location/search?text=au');
      expect(response.statusCode).toBe(200);
    }
    const limited = await agent.get('/api/location/search?text=au');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    // Another address is unaffected.
    expect((await freshAgent(ctx().app).get('/api/location/search?text=au')).statusCode).toBe(200);
  });
});
