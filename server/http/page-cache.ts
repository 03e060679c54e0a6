import { randomBytes } from 'node:crypto';

/**
 * A few seconds' cache of the pages anonymous visitors get (ADR 096). A visitor with no cookie
 * and no Authorization header sees exactly what every other such visitor sees at that URL, save
 * the CSP nonce, so the page is rendered once with a placeholder nonce and each request gets a copy
 * with its own. Any write this process handles (a non-GET that succeeds) empties the cache, so a
 * change made here shows at once; one made by another process or a job shows within `ttlMs`.
 */

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: string;
  expires: number;
};

export type PageCacheOptions = {
  ttlMs: number;
  /** Oldest entries go first past this many (query strings make many URLs). */
  maxEntries?: number;
  /** Larger pages are served but not kept. */
  maxBodyBytes?: number;
  now?: () => number;
};

type RequestLike = { method: string; url: string; headers: Record<string, string | string[] | undefined> };

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  // Hex, so it survives HTML attributes, JSON and URL encoding unchanged.
  const placeholder = `nonce${randomBytes(12).toString('hex')}`;

  return {
    /** The nonce a cacheable page is rendered with; `personalise` swaps it for the request's own. */
    placeholder,

    /** The cache key for an anonymous GET or HEAD, else null (render as usual). */
    keyFor(request: RequestLike): string | null {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (request.headers.cookie !== undefined || request.headers.authorization !== undefined) return null;
      return request.url;
    },

    get(key: string): CachedPage | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expires <= now()) {
        entries.delete(key);
        return null;
      }
      return entry;
    },

    /** Keeps a rendered page if it is the same for everyone: a 200 page without cookies or a private cache rule. */
    offer(key: string, page: Omit<CachedPage, 'expires'>): void {
      if (page.status !== 200 || Buffer.byteLength(page.body) > maxBodyBytes) return;
      const header = (name: string) => page.headers.find(([key]) => key === name)?.[1] ?? '';
      if (header('set-cookie') || /private|no-store/.test(header('cache-control'))) return;
      if (!CACHEABLE_TYPES.test(header('content-type'))) return;
      entries.delete(key);
      entries.set(key, { ...page, expires: now() + options.ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },

    personalise(body: string, nonce: string): string {
      return body.replaceAll(placeholder, nonce);
    },

    clear(): void {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A request that changed something: every cached page may be out of date. */
export function isSuccessfulWrite(method: string, status: number): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method) && status < 400;
}
