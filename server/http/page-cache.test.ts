import { describe, expect, it } from 'vitest';
import { createPageCache, isSuccessfulWrite } from './page-cache.ts';

const html = (body: string, extra: [string, string][] = []) => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8'] as [string, string], ...extra],
  body,
});

describe('page cache', () => {
  it('keys only anonymous GET and HEAD requests by their URL', () => {
    const cache = createPageCache({ ttlMs: 5000 });
    expect(cache.keyFor({ method: 'GET', url: '/bathrooms?lat=1', headers: {} })).toBe('/bathrooms?lat=1');
    expect(cache.keyFor({ method: 'HEAD', url: '/', headers: {} })).toBe('/');
    expect(cache.keyFor({ method: 'POST', url: '/', headers: {} })).toBeNull();
    expect(cache.keyFor({ method: 'GET', url: '/', headers: { cookie: 'a=b' } })).toBeNull();
    expect(cache.keyFor({ method: 'GET', url: '/', headers: { authorization: 'Bearer x' } })).toBeNull();
  });

  it('gives each request its own nonce in place of the placeholder', () => {
    const cache = createPageCache({ ttlMs: 5000 });
    const body = `<script nonce="${cache.placeholder}"></script>{"nonce":"${cache.placeholder}"}`;
    expect(cache.personalise(body, 'abc+/=')).toBe('<script nonce="abc+/="></script>{"nonce":"abc+/="}');
    expect(cache.placeholder).toMatch(/^nonce[0-9a-f]{24}$/);
    expect(createPageCache({ ttlMs: 1 }).placeholder).not.toBe(cache.placeholder);
  });

  it('keeps a 200 page until it expires', () => {
    let now = 1000;
    const cache = createPageCache({ ttlMs: 5000, now: () => now });
    cache.offer('/', html('home'));
    expect(cache.get('/')?.body).toBe('home');
    now = 5999;
    expect(cache.get('/')?.body).toBe('home');
    now = 6000;
    expect(cache.get('/')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never keeps errors, cookies, private pages, other types or large bodies', () => {
    const cache = createPageCache({ ttlMs: 5000, maxBodyBytes: 10 });
    cache.offer('/404', { ...html('gone'), status: 404 });
    cache.offer('/cookie', html('x', [['set-cookie', 'a=b']]));
    cache.offer('/private', html('x', [['cache-control', 'private, max-age=0']]));
    cache.offer('/json', { status: 200, headers: [['content-type', 'application/json']], body: '{}' });
    cache.offer('/big', html('x'.repeat(11)));
    expect(cache.size).toBe(0);
    cache.offer('/data', { status: 200, headers: [['content-type', 'text/x-script']], body: 'ok' });
    expect(cache.size).toBe(1);
  });

  it('drops the oldest entry past its size, and everything on clear', () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 2 });
    cache.offer('/a', html('a'));
    cache.offer('/b', html('b'));
    cache.offer('/c', html('c'));
    expect(cache.get('/a')).toBeNull();
    expect(cache.get('/c')?.body).toBe('c');
    cache.clear();
    expect(cache.get('/b')).toBeNull();
  });

  it('counts a successful non-GET as a write', () => {
    expect(isSuccessfulWrite('POST', 201)).toBe(true);
    expect(isSuccessfulWrite('DELETE', 204)).toBe(true);
    expect(isSuccessfulWrite('POST', 400)).toBe(false);
    expect(isSuccessfulWrite('GET', 200)).toBe(false);
    expect(isSuccessfulWrite('OPTIONS', 204)).toBe(false);
  });
});
