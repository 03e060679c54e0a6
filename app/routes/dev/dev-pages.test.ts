import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { bookingCast, publishedBathroom } from '../../../server/domains/bookings/booking-test-support.ts';
import { describeWithApp, type TestContext } from '../../../server/test/harness.ts';
import { servicesContext } from '../../lib/context.ts';
import { loader as hostLanding } from '../public/host-landing.tsx';
import { loader as atest } from './atest.tsx';
import { loader as providerRoutes } from './provider-routes.tsx';

/** What a loader answers or throws, as a status: 200 for data, the thrown response's otherwise. */
async function statusOf(run: () => unknown): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    const response = thrown as { init?: { status?: number }; status?: number };
    return response.init?.status ?? response.status ?? 500;
  }
}

function args(ctx: () => TestContext, path: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, ctx().services);
  return { request: new Request(`http://localhost:3000${path}`), context, params } as never;
}

describeWithApp('dev pages and /hi/:id', (ctx) => {
  it('serves /atest and /dev-provider-routes outside production', async () => {
    expect(await statusOf(() => atest(args(ctx, '/atest')))).toBe(200);
    expect(await statusOf(() => providerRoutes(args(ctx, '/dev-provider-routes')))).toBe(200);
  });

  it("shows a host's published bathrooms on /hi/:id; anyone else, or an unknown id, is a 404", async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const shown = await publishedBathroom(ctx, host.id);
    const held = await publishedBathroom(ctx, host.id);
    const draft = await publishedBathroom(ctx, host.id, { status: 'draft' });
    const unpublished = await admin.agent.post(`/api/admin/properties/${held}/unpublish`, {
      reason: 'Check it.',
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);

    const page = await hostLanding(args(ctx, `/hi/${host.id}`, { id: host.id }));
    expect(page.bathrooms.map((bathroom) => bathroom.id)).toEqual([shown]);
    expect(page.bathrooms.map((bathroom) => bathroom.id)).not.toContain(draft);
    expect(page.canonical).toBe(`${ctx().services.config.appUrl}/hi/${host.id}`);
    expect(await statusOf(() => hostLanding(args(ctx, `/hi/${guest.id}`, { id: guest.id })))).toBe(404);
    expect(await statusOf(() => hostLanding(args(ctx, '/hi/nobody', { id: 'nobody' })))).toBe(404);
  });
});

describeWithApp(
  'dev pages (production)',
  (ctx) => {
    it('answers 404 for /atest and /dev-provider-routes', async () => {
      expect(await statusOf(() => atest(args(ctx, '/atest')))).toBe(404);
      expect(await statusOf(() => providerRoutes(args(ctx, '/dev-provider-routes')))).toBe(404);
    });
  },
  { config: { isProduction: true } },
);
