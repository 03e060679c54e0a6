import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlacesService } from './places-service.ts';
import { createStreetGeocoder, looksLikeStreetAddress } from './street-geocoder.ts';

/** A local stand-in for Nominatim's /search, answering as the real one does (format=jsonv2). */
const CONGRESS = {
  place_id: 300_1,
  osm_type: 'way',
  osm_id: 42,
  lat: '30.2686',
  lon: '-97.7430',
  display_name: '600, Congress Avenue, Downtown, Austin, Travis County, Texas, 78701, United States',
  addresstype: 'building',
  address: {
    house_number: '600',
    road: 'Congress Avenue',
    suburb: 'Downtown',
    city: 'Austin',
    county: 'Travis County',
    state: 'Texas',
    'ISO3166-2-lvl4': 'US-TX',
    postcode: '78701',
    country: 'United States',
    country_code: 'us',
  },
};

describe('street geocoder (Nominatim JSON API)', () => {
  let server: Server;
  let url = '';
  const asked: { q: string | null; format: string | null; agent: string | undefined }[] = [];
  let mode: 'ok' | 'slow' | 'error' | 'garbage' = 'ok';

  beforeAll(async () => {
    server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      asked.push({ q: query.get('q'), format: query.get('format'), agent: request.headers['user-agent'] });
      if (mode === 'slow') return setTimeout(() => response.end('[]'), 2000);
      if (mode === 'error') return response.writeHead(503).end('busy');
      response.setHeader('content-type', 'application/json');
      response.end(mode === 'garbage' ? '{"not":"a list"}' : JSON.stringify([CONGRESS, { lat: 'x' }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const places = (options: { timeoutMs?: number; minIntervalMs?: number } = {}) =>
    createPlacesService(
      undefined,
      // Timeouts generous enough for a loaded CI machine, except where the test is about timing out.
      createStreetGeocoder({ url, userAgent: 'Privy (test)', minIntervalMs: 0, timeoutMs: 5000, ...options }),
    );

  it('puts street matches first, in the §7 shape, after asking with our name', async () => {
    mode = 'ok';
    asked.length = 0;
    const results = await places().searchWithStreets({ text: '600 Congress Ave, Austin' });
    expect(asked).toEqual([{ q: '600 Congress Ave, Austin', format: 'jsonv2', agent: 'Privy (test)' }]);
    expect(results[0]).toMatchObject({
      geometry: { location: { lat: 30.2686, lng: -97.743 } },
      formatted_address: CONGRESS.display_name,
      place_id: 'osm:way:42',
      types: ['street_address'],
    });
    expect(results[0]?.address_components).toEqual(
      expect.arrayContaining([
        { long_name: '600', short_name: '600', types: ['street_number'] },
        { long_name: 'Congress Avenue', short_name: 'Congress Avenue', types: ['route'] },
        { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
        { long_name: '78701', short_name: '78701', types: ['postal_code'] },
      ]),
    );
    // The unusable answer (no coordinates) is dropped; the offline towns follow.
    expect(results.slice(1).every((result) => result.place_id.startsWith('geonames:'))).toBe(true);
  });

  it('does not ask about a plain town name', async () => {
    mode = 'ok';
    asked.length = 0;
    const results = await places().searchWithStreets({ text: 'austin' });
    expect(asked).toEqual([]);
    expect(results[0]?.formatted_address).toMatch(/^Austin, TX/);
    expect(looksLikeStreetAddress('12 Main St')).toBe(true);
    expect(looksLikeStreetAddress('New York, NY')).toBe(false);
    expect(looksLikeStreetAddress('78701')).toBe(false);
  });

  it('falls back to the offline places when the geocoder is slow, failing or talking nonsense', async () => {
    const offline = createPlacesService().search({ text: '5th Street, Austin' });
    for (const next of ['slow', 'error', 'garbage'] as const) {
      mode = next;
      expect(
        await places({ timeoutMs: 200 }).searchWithStreets({ text: '5th Street, Austin' }),
        next,
      ).toEqual(offline);
    }
  });

  it('spaces its calls out, and skips one that would wait past the timeout', async () => {
    mode = 'ok';
    asked.length = 0;
    // The second call waits 1 s and then has 0.8 s to be answered; the third would wait 2 s.
    const spaced = places({ minIntervalMs: 1000, timeoutMs: 1800 });
    const started = Date.now();
    const [first, second, third] = await Promise.all([
      spaced.searchWithStreets({ text: '1 Main St' }),
      spaced.searchWithStreets({ text: '2 Main St' }),
      spaced.searchWithStreets({ text: '3 Main St' }),
    ]);
    expect(asked.map((call) => call.q)).toEqual(['1 Main St', '2 Main St']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(first?.[0]?.place_id).toBe('osm:way:42');
    expect(second?.[0]?.place_id).toBe('osm:way:42');
    expect(third?.[0]?.place_id).not.toBe('osm:way:42');
  });
});
