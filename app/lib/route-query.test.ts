import { describe, expect, it } from 'vitest';
import { routeQuery } from './route-query.ts';

describe('routeQuery', () => {
  it('keeps the page’s parameters and drops React Router’s own', () => {
    const request = new Request(
      'http://x.test/admin/users.data?q=ann&_routes=routes%2Fadmin%2Fusers&index&page=2',
    );
    expect(routeQuery(request)).toEqual({ q: 'ann', page: '2' });
  });
});
