import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../../server/services.ts';
import { servicesContext } from './context.ts';
import { redirectCookie, requireViewer, takeReturnPath } from './guards.server.ts';

/** A visitor with no session: the only part of the services the guard reads. */
function signedOutContext() {
  const context = new RouterContextProvider();
  context.set(servicesContext, { auth: { getViewer: async () => null } } as unknown as AppServices);
  return context;
}

async function savedReturnPath(url: string): Promise<string> {
  const thrown = await requireViewer(new Request(url), signedOutContext()).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.headers.get('location')).toBe('/login');
  const cookie = response.headers.get('set-cookie') ?? '';
  const { path } = await takeReturnPath(new Request('http://x.test/login', { headers: { cookie } }));
  return path;
}

describe('requireViewer', () => {
  it('sends a signed-out visitor to /login and saves the page, query included, for afterwards', async () => {
    expect(await savedReturnPath('http://x.test/bookings?tab=past')).toBe('/bookings?tab=past');
  });

  it('saves the page, not its data request, when a client navigation meets the guard', async () => {
    expect(await savedReturnPath('http://x.test/dashboard.data?_routes=routes%2Faccount%2Fdashboard')).toBe(
      '/dashboard',
    );
    expect(await savedReturnPath('http://x.test/messages.data?booking=b1&contact=u2')).toBe(
      '/messages?booking=b1&contact=u2',
    );
  });

  it('falls back to the dashboard when nothing, or another site, was saved', async () => {
    const offSite = await redirectCookie.serialize('//evil.test/x');
    for (const cookie of ['', offSite]) {
      const { path } = await takeReturnPath(new Request('http://x.test/login', { headers: { cookie } }));
      expect(path).toBe('/dashboard');
    }
  });
});
