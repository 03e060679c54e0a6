import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';
import { GUEST_REVIEW, HOST_REVIEW, reviewableBooking, reviewCast } from './review-test-support.ts';

/**
 * Who may do what on every /api/reviews route (ADR 124): the booking's guest, its host, another
 * guest, another host, an admin, anonymous, and a disabled account (a party of its own booking).
 */

type Method = 'GET' | 'PUT' | 'POST';
type Who = 'guest' | 'host' | 'otherGuest' | 'otherHost' | 'admin' | 'anonymous' | 'disabled';
const ORDER: Who[] = ['anonymous', 'disabled', 'otherGuest', 'otherHost', 'admin', 'guest', 'host'];

describeWithApp('reviews: who may reach each route', (ctx) => {
  it('enforces the matrix', async () => {
    const cast = await reviewCast(ctx);
    const { bathroomId, bookingId } = cast;
    const gone = await disabledMember(ctx, 'gone@example.com');
    const goneBooking = await reviewableBooking(ctx, gone.id, bathroomId, { endedDaysAgo: 3 });
    const anonymous: Member = { agent: new TestAgent(ctx().app), id: '' };
    const members: Record<Who, Member> = { ...cast, anonymous, disabled: gone };

    const check = async (
      name: string,
      method: Method,
      url: (who: Who) => string,
      body: (who: Who) => unknown,
      expected: Record<Who, number>,
    ) => {
      for (const who of ORDER) {
        const response = await members[who].agent.request(method, url(who), body(who));
        expect(response.statusCode, `${name} as ${who}: ${response.body.slice(0, 200)}`).toBe(expected[who]);
        if (who === 'disabled' && expected[who] === 403)
          expect(response.json().error).toBe('account_disabled');
      }
    };
    const booking = (who: Who) => `/api/reviews/bookings/${who === 'disabled' ? goneBooking : bookingId}`;
    const reviewBody = (who: Who) => (who === 'host' || who === 'otherHost' ? HOST_REVIEW : GUEST_REVIEW);

    await check('read booking reviews', 'GET', booking, () => undefined, {
      anonymous: 401,
      disabled: 403,
      otherGuest: 404,
      otherHost: 404,
      admin: 200,
      guest: 200,
      host: 200,
    });
    // The guest writes first, the host second (which publishes both).
    await check('write', 'PUT', booking, reviewBody, {
      anonymous: 401,
      disabled: 403,
      otherGuest: 404,
      otherHost: 404,
      admin: 403,
      guest: 200,
      host: 200,
    });
    const open = {
      anonymous: 200,
      disabled: 200,
      otherGuest: 200,
      otherHost: 200,
      admin: 200,
      guest: 200,
      host: 200,
    };
    const publicOnly = (path: string) => () => path;
    await check(
      'bathroom reviews',
      'GET',
      publicOnly(`/api/reviews/bathrooms/${bathroomId}`),
      () => undefined,
      open,
    );
    await check(
      'profile ratings',
      'GET',
      publicOnly(`/api/reviews/profiles/${cast.host.id}`),
      () => undefined,
      open,
    );
    await check('manage', 'GET', publicOnly('/api/reviews/manage'), () => undefined, {
      ...open,
      anonymous: 401,
      disabled: 403,
    });
    // Another host's /manage/reviews holds none of this host's reviews.
    expect((await cast.otherHost.agent.get('/api/reviews/manage')).json().reviews).toEqual([]);
    expect((await cast.host.agent.get('/api/reviews/manage')).json().reviews).toHaveLength(1);

    const reviewId = (await cast.host.agent.get('/api/reviews/manage')).json().reviews[0].id as string;
    await check(
      'reply',
      'POST',
      publicOnly(`/api/reviews/${reviewId}/reply`),
      () => ({ reply: 'Thank you!' }),
      {
        anonymous: 401,
        disabled: 403,
        otherGuest: 404,
        otherHost: 404,
        admin: 404,
        guest: 404,
        host: 200,
      },
    );
    await check('hide', 'POST', publicOnly(`/api/reviews/${reviewId}/hide`), () => ({ reason: 'Spam.' }), {
      anonymous: 401,
      disabled: 403,
      otherGuest: 403,
      otherHost: 403,
      admin: 200,
      guest: 403,
      host: 403,
    });
  });
});
