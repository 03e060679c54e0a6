import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import { makeImage, uploadFile } from '../storage/upload-test-helpers.ts';
import { fileRequest, fileRequestOk, money, refundCast } from './refund-test-support.ts';

/** Each test signs up a cast and pays for bookings; on a loaded 2-core machine that outlasts 30 s. */
const HEAVY = { timeout: 120_000 };
/**
 * Who may call each refund request route (ADR 126), and what bad input gets: the guest, the host,
 * another guest, another host, an admin, anonymous and a disabled account, for every route.
 * Outsiders meet a 404 (as if the request did not exist); a party without the right a 403.
 */

type Who = 'guest' | 'host' | 'otherGuest' | 'otherHost' | 'admin' | 'anonymous' | 'disabled';
const EVERYONE: Who[] = ['guest', 'host', 'otherGuest', 'otherHost', 'admin', 'anonymous', 'disabled'];

async function scene(ctx: () => TestContext) {
  const cast = await refundCast(ctx);
  const disabled = await disabledMember(ctx, 'gone@example.com');
  const agents: Record<Who, TestAgent> = {
    guest: cast.guest.agent,
    host: cast.host.agent,
    otherGuest: cast.otherGuest.agent,
    otherHost: cast.otherHost.agent,
    admin: cast.admin.agent,
    anonymous: new TestAgent(ctx().app),
    disabled: disabled.agent,
  };
  return { ...cast, agents };
}

const expectStatuses = (got: Record<string, number>, want: Record<Who, number>) => expect(got).toEqual(want);

describeWithApp('refund request access', (ctx) => {
  it('reads: the queue is for admins; a booking or request for its parties and admins', HEAVY, async () => {
    const { guest, bookingId, agents } = await scene(ctx);
    const request = await fileRequestOk(guest, bookingId, 100);
    const routes = {
      queue: '/api/refund-requests',
      booking: `/api/refund-requests/booking/${bookingId}`,
      one: `/api/refund-requests/${request.id}`,
    };
    const want = {
      queue: {
        guest: 403,
        host: 403,
        otherGuest: 403,
        otherHost: 403,
        admin: 200,
        anonymous: 401,
        disabled: 403,
      },
      booking: {
        guest: 200,
        host: 200,
        otherGuest: 404,
        otherHost: 404,
        admin: 200,
        anonymous: 401,
        disabled: 403,
      },
      one: {
        guest: 200,
        host: 200,
        otherGuest: 404,
        otherHost: 404,
        admin: 200,
        anonymous: 401,
        disabled: 403,
      },
    } as const;
    for (const [name, url] of Object.entries(routes) as [keyof typeof routes, string][]) {
      const got: Record<string, number> = {};
      for (const who of EVERYONE) got[who] = (await agents[who].get(url)).statusCode;
      expectStatuses(got, want[name]);
    }
    // The host sees the request but not the provider's error text meant for admins.
    const hostView = (await agents.host.get(routes.one)).json();
    expect(hostView.request.refund_last_error).toBeNull();
  });

  it('writes: each for its one role, refused to everyone else before anything changes', HEAVY, async () => {
    const { guest, bookingId, agents } = await scene(ctx);
    // File: only the guest (one at a time, so the guest's own call comes last).
    const filing: Record<string, number> = {};
    for (const who of EVERYONE.filter((w) => w !== 'guest')) {
      filing[who] = (await fileRequest({ agent: agents[who], id: '' }, bookingId, 100)).statusCode;
    }
    expect(filing).toEqual({
      host: 403,
      otherGuest: 404,
      otherHost: 404,
      admin: 403,
      anonymous: 401,
      disabled: 403,
    });
    const request = await fileRequestOk(guest, bookingId, 600);
    const id = request.id;

    const tryAll = async (call: (agent: TestAgent) => Promise<{ statusCode: number }>, except: Who) => {
      const got: Record<string, number> = {};
      for (const who of EVERYONE.filter((w) => w !== except)) got[who] = (await call(agents[who])).statusCode;
      return got;
    };
    const outsiders = { otherGuest: 404, otherHost: 404, anonymous: 401, disabled: 403 };
    expect(
      await tryAll(
        (agent) => agent.post(`/api/refund-requests/${id}/response`, { response: 'Mine' }),
        'host',
      ),
    ).toEqual({ guest: 403, admin: 403, ...outsiders });
    expect(
      await tryAll((agent) => agent.post(`/api/refund-requests/${id}/appeal`, { message: 'Again' }), 'guest'),
    ).toEqual({
      host: 403,
      admin: 403,
      ...outsiders,
    });
    const image = await makeImage('png');
    expect(
      await tryAll(
        (agent) => uploadFile(ctx().app, agent, `/api/refund-requests/${id}/photos`, image),
        'guest',
      ),
    ).toEqual({ host: 403, admin: 403, ...outsiders });
    for (const action of ['approve', 'deny', 'retry'] as const) {
      const body = action === 'deny' ? { reason: 'No' } : action === 'approve' ? {} : undefined;
      expect(
        await tryAll((agent) => agent.post(`/api/refund-requests/${id}/${action}`, body), 'admin'),
        action,
      ).toEqual({ guest: 403, host: 403, otherGuest: 403, otherHost: 403, anonymous: 401, disabled: 403 });
    }
    expect(await money(ctx, bookingId)).toMatchObject({ amount_refunded_cents: 0 });
    // The right person gets through.
    expect(
      (await agents.host.post(`/api/refund-requests/${id}/response`, { response: 'Mine' })).statusCode,
    ).toBe(200);
    expect((await agents.admin.post(`/api/refund-requests/${id}/approve`, {})).statusCode).toBe(200);
    expect(await money(ctx, bookingId)).toMatchObject({ amount_refunded_cents: 600 });
  });

  it('bad input is a 4xx naming the field, never a 500', HEAVY, async () => {
    const { guest, admin, bookingId } = await scene(ctx);
    const cases: [object, string][] = [
      [{ amountCents: 1201 }, 'amountCents'],
      [{ amountCents: 0 }, 'amountCents'],
      [{ amountCents: 1.5 }, 'amountCents'],
      [{ amountCents: '100' }, 'amountCents'],
      [{ amountCents: 100, description: 'bad\u0000byte' }, 'description'],
      [{ amountCents: 100, description: '   ' }, 'description'],
      [{ amountCents: 100, description: 'x'.repeat(2001) }, 'description'],
      [{ amountCents: 100, reason: 'bored' }, 'reason'],
      [{ amountCents: 100, bookingId: 'nope' }, 'bookingId'],
      [{ amountCents: 100, extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const { amountCents, ...rest } = body as { amountCents: number };
      const response = await fileRequest(guest, bookingId, amountCents, rest);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('validation_error');
      if (field) expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(field);
    }
    const missing = await fileRequest(guest, randomUUID(), 100);
    expect(missing.statusCode).toBe(404);

    const request = await fileRequestOk(guest, bookingId, 600);
    const above = await admin.agent.post(`/api/refund-requests/${request.id}/approve`, { amountCents: 601 });
    expect(above.statusCode).toBe(400);
    expect(above.json().fields).toEqual([expect.objectContaining({ field: 'amountCents' })]);
    const nul = await admin.agent.post(`/api/refund-requests/${request.id}/deny`, { reason: 'no\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/reason/i);
    expect((await admin.agent.post('/api/refund-requests/not-an-id/approve', {})).statusCode).toBe(400);

    // Photos: oversized, not an image, and a fourth one.
    const url = `/api/refund-requests/${request.id}/photos`;
    const huge = await uploadFile(ctx().app, guest.agent, url, Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1));
    expect(huge.statusCode).toBe(413);
    const text = await uploadFile(ctx().app, guest.agent, url, Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(415);
    const image = await makeImage('png');
    for (let i = 0; i < 3; i++)
      expect((await uploadFile(ctx().app, guest.agent, url, image)).statusCode).toBe(200);
    const fourth = await uploadFile(ctx().app, guest.agent, url, image);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/at most 3 photos/);
    expect(await money(ctx, bookingId)).toMatchObject({ amount_refunded_cents: 0 });
  });
});
