import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';

/** The nonce a Content-Security-Policy header allows scripts with. */
function scriptNonce(csp: string | null): string | undefined {
  const scriptSrc = csp?.split(';').find((directive) => directive.trim().startsWith('script-src'));
  return /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1];
}

describe('security headers on the built app', () => {
  const { newTab } = useBrowser();

  it('allows exactly the scripts it rendered, through a fresh nonce per page', async () => {
    const first = await fetch(`${baseUrl()}/`);
    expect(first.status).toBe(200);
    const csp = first.headers.get('content-security-policy');
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const nonce = scriptNonce(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    // Hydration data and module loading are inline scripts: each must carry this response's nonce.
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    for (const tag of preloads) {
      const carried = /nonce="([^"]*)"/.exec(tag)?.[1];
      if (carried !== undefined) expect(carried).toBe(nonce);
    }

    const second = await fetch(`${baseUrl()}/about`);
    const secondNonce = scriptNonce(second.headers.get('content-security-policy'));
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);
    expect(await second.text()).toContain(`nonce="${secondNonce}"`);
  });

  it('hydrates in a real browser without a single policy violation', async () => {
    const { page } = await newTab();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // The home page, and the contact page, whose form builds zod schemas as its code loads: zod
    // must build them without its eval probe (zod-jitless.ts).
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      // Hydrated: React attached and the client router is live.
      await page.waitForFunction(() => '__reactRouterDataRouter' in window);
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
        path,
      ).toEqual([]);
    }
  });

  it('answers unknown /api paths with JSON, echoing the request id', async () => {
    const response = await fetch(`${baseUrl()}/api/no-such-thing`, {
      headers: { 'x-request-id': 'e2e-check-1' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await response.json()).error).toBe('not_found');
    expect(response.headers.get('x-request-id')).toBe('e2e-check-1');
    const page = await fetch(`${baseUrl()}/`, { headers: { 'x-request-id': 'e2e-check-2' } });
    expect(page.headers.get('x-request-id')).toBe('e2e-check-2');
  });
});
