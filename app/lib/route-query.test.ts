import { describe, expect, it } from 'vitest';
import { pageUrl, routeQuery } from './route-query.ts';

describe('routeQuery', () => {
  it('keeps the page’s parameters and drops React Router’s own', () => {
    const request = new Request(
      'http://x.test/admin/users.data?q=ann&_routes=routes%2Fadmin%2Fusers&index&page=2',
    );
    expect(routeQuery(request)).toEqual({ q: 'ann', page: '2' });
  });
});

describe('pageUrl', () => {
  const path = (url: string) => {
    const page = pageUrl(new Request(url));
    return page.pathname + page.search;
  };

  it('turns a client navigation’s data request back into the page’s path and query', () => {
    expect(path('http://x.test/bookings.data?tab=past&_routes=routes%2Fbookings')).toBe('/bookings?tab=past');
    expect(path('http://x.test/messages.data?booking=b1&contact=u2')).toBe('/messages?booking=b1&contact=u2');
  });

  it('reads the home page’s data request as /', () => {
    expect(path('http://x.test/_.data')).toBe('/');
  });

  it('leaves a document request as it came, and a path that only contains “.data” alone', () => {
    expect(path('http://x.test/dashboard?verified=1')).toBe('/dashboard?verified=1');
    expect(path('http://x.test/bathrooms-in/data.data')).toBe('/bathrooms-in/data');
    expect(path('http://x.test/help/.datab')).toBe('/help/.datab');
  });
});
