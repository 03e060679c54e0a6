import { describe, expect, it } from 'vitest';
import { createAccount } from './auth-helpers.ts';
import { baseUrl } from './browser.ts';

// The anonymous page cache on the built app (ADR 096): same page for everyone without a cookie,
// each response with its own CSP nonce, emptied by any write the server handles.
async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, baseUrl()), { headers });
  const body = await response.text();
  const csp = response.headers.get('content-security-policy') ?? '';
  return {
    status: response.status,
    cache: response.headers.get('x-privy-cache'),
    cspNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    pageNonces: new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])),
    body,
  };
}

describe('anonymous page cache', () => {
  it('serves a kept copy of / with a fresh nonce that matches its own policy', async () => {
    await page('/about?cache-test=1');
    const first = await page('/about?cache-test=1');
    const second = await page('/about?cache-test=1');
    expect(second.cache).toBe('hit');
    for (const response of [first, second]) {
      expect(response.cspNonce).toBeTruthy();
      expect([...response.pageNonces]).toEqual([response.cspNonce]);
    }
    expect(second.cspNonce).not.toBe(first.cspNonce);
    expect(second.body.replaceAll(second.cspNonce as string, 'N')).toBe(
      first.body.replaceAll(first.cspNonce as string, 'N'),
    );
  });

  it('renders every request that carries a cookie', async () => {
    const signedInLike = await page('/about', { cookie: 'privy-theme=dark' });
    expect(signedInLike.status).toBe(200);
    expect(signedInLike.cache).toBeNull();
    expect([...signedInLike.pageNonces]).toEqual([signedInLike.cspNonce]);
  });

  it('is emptied by a write', async () => {
    await page('/how-it-works');
    expect((await page('/how-it-works')).cache).toBe('hit');
    // Any successful write will do: here, somebody signs up.
    await createAccount(`cache-${Date.now()}@example.test`, 'a long and unusual passphrase');
    expect((await page('/how-it-works')).cache).toBe('miss');
  });
});
