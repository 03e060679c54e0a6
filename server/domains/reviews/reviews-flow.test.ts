import { expect, it } from 'vitest';
import type { BathroomReviews } from '../../../common/schemas/reviews.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import {
  GUEST_REVIEW,
  HOST_REVIEW,
  reviewableBooking,
  reviewCast,
  storedAndFresh,
  writeOk,
} from './review-test-support.ts';

/** Reviews both ways (ADR 124): hidden until both sides wrote, then published together. */

const typesOf = async (ctx: () => TestContext, userId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select('notification_type')
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.notification_type);

const publicReviews = async (ctx: () => TestContext, bathroomId: string) => {
  const response = await new TestAgent(ctx().app).get(`/api/reviews/bathrooms/${bathroomId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BathroomReviews;
};

describeWithApp('reviews: both ways', (ctx) => {
  it('hides the first review, publishes both when the second arrives, and updates the bathroom', async () => {
    const { guest, host, bathroomId, bookingId } = await reviewCast(ctx);

    const first = await writeOk(guest, bookingId, GUEST_REVIEW);
    expect(first).toMatchObject({ side: 'guest', canWrite: true, theirs: null, theirsWritten: false });
    expect(first.mine).toMatchObject({ rating: 4, comment: 'Spotless.', publishedAt: null });
    // Editable while unpublished.
    const edited = await writeOk(guest, bookingId, { ...GUEST_REVIEW, rating: 3, comment: 'Clean enough.' });
    expect(edited.mine).toMatchObject({ rating: 3, comment: 'Clean enough.' });

    expect((await publicReviews(ctx, bathroomId)).summary).toMatchObject({ average: null, count: 0 });
    const hostView = (await host.agent.get(`/api/reviews/bookings/${bookingId}`)).json();
    expect(hostView).toMatchObject({ side: 'host', canWrite: true, theirs: null, theirsWritten: true });

    const second = await writeOk(host, bookingId, HOST_REVIEW);
    expect(second.mine?.publishedAt).not.toBeNull();
    expect(second.theirs).toMatchObject({ side: 'guest', rating: 3 });
    expect(second.canWrite).toBe(false);

    const shown = await publicReviews(ctx, bathroomId);
    expect(shown.summary).toEqual({ average: 3, count: 1, cleanliness: 5, accuracy: 4, communication: 3 });
    expect(shown.reviews).toEqual([
      expect.objectContaining({ rating: 3, comment: 'Clean enough.', authorFirstName: 'Gina', reply: null }),
    ]);
    // Search and cards read the bathroom's own columns.
    const { stored, fresh } = await storedAndFresh(ctx, [bathroomId]);
    expect(stored).toEqual(fresh);
    for (const userId of [guest.id, host.id])
      expect(await typesOf(ctx, userId)).toContain('RESERVATION_REVIEW_COMPLETED');

    // The guest sees the host's private note; nobody else does (it is not in any public answer).
    const guestView = (await guest.agent.get(`/api/reviews/bookings/${bookingId}`)).json();
    expect(guestView.theirs).toMatchObject({ side: 'host', rating: 5, privateNote: HOST_REVIEW.privateNote });
    expect(JSON.stringify(shown)).not.toContain(HOST_REVIEW.privateNote);

    // Published: no more edits.
    const late = await guest.agent.request('PUT', `/api/reviews/bookings/${bookingId}`, GUEST_REVIEW);
    expect(late.statusCode).toBe(409);

    // Profiles: the host's rating from guests, the guest's from hosts.
    const hostRatings = (await new TestAgent(ctx().app).get(`/api/reviews/profiles/${host.id}`)).json();
    expect(hostRatings).toEqual({ asHost: { average: 3, count: 1 }, asGuest: { average: null, count: 0 } });
    const guestRatings = (await new TestAgent(ctx().app).get(`/api/reviews/profiles/${guest.id}`)).json();
    expect(guestRatings.asGuest).toEqual({ average: 5, count: 1 });
  });

  it('lets the host reply once, and an admin hide a review, which leaves the averages', async () => {
    const { guest, host, admin, bathroomId, bookingId } = await reviewCast(ctx);
    const secondBooking = await reviewableBooking(ctx, guest.id, bathroomId, { endedDaysAgo: 2 });
    await writeOk(guest, bookingId, { ...GUEST_REVIEW, rating: 5 });
    await writeOk(host, bookingId, HOST_REVIEW);
    await writeOk(guest, secondBooking, { ...GUEST_REVIEW, rating: 2 });
    await writeOk(host, secondBooking, HOST_REVIEW);
    let shown = await publicReviews(ctx, bathroomId);
    expect(shown.summary).toMatchObject({ average: 3.5, count: 2 });

    const manage = (await host.agent.get('/api/reviews/manage')).json();
    expect(manage.reviews).toHaveLength(2);
    const target = manage.reviews.find((review: { rating: number }) => review.rating === 2);
    const reply = await host.agent.post(`/api/reviews/${target.id}/reply`, {
      reply: 'Sorry, fixed the tap.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const again = await host.agent.post(`/api/reviews/${target.id}/reply`, { reply: 'Again' });
    expect(again.statusCode).toBe(409);
    // Unanswered first.
    const after = (await host.agent.get('/api/reviews/manage')).json();
    expect(after.reviews.map((review: { reply: string | null }) => review.reply)).toEqual([
      null,
      'Sorry, fixed the tap.',
    ]);
    const filtered = (await host.agent.get('/api/reviews/manage?rating=2')).json();
    expect(filtered.reviews).toHaveLength(1);
    shown = await publicReviews(ctx, bathroomId);
    expect(shown.reviews.find((review) => review.id === target.id)?.reply).toBe('Sorry, fixed the tap.');

    const hidden = await admin.agent.post(`/api/reviews/${target.id}/hide`, {
      reason: 'Names a staff member.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().review).toMatchObject({ hiddenReason: 'Names a staff member.' });
    shown = await publicReviews(ctx, bathroomId);
    expect(shown.summary).toMatchObject({ average: 5, count: 1 });
    expect(shown.reviews.map((review) => review.id)).not.toContain(target.id);
    const { stored, fresh } = await storedAndFresh(ctx, [bathroomId]);
    expect(stored).toEqual(fresh);
    const audit = await ctx()
      .services.db.selectFrom('reviews')
      .select(['hidden_by', 'hidden_reason'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ hidden_by: admin.id, hidden_reason: 'Names a staff member.' });
  });

  it('refuses cancelled, expired, never-checked-in and closed bookings, and a review per side only', async () => {
    const { guest, host, bathroomId } = await reviewCast(ctx);
    const cases = [
      await reviewableBooking(ctx, guest.id, bathroomId, { status: 'cancelled', checkedIn: false }),
      await reviewableBooking(ctx, guest.id, bathroomId, { status: 'expired', checkedIn: false }),
      await reviewableBooking(ctx, guest.id, bathroomId, { checkedIn: false }),
      await reviewableBooking(ctx, guest.id, bathroomId, { endedDaysAgo: 15 }),
    ];
    for (const id of cases) {
      for (const [member, body] of [
        [guest, GUEST_REVIEW],
        [host, HOST_REVIEW],
      ] as const) {
        const response = await member.agent.request('PUT', `/api/reviews/bookings/${id}`, body);
        expect(response.statusCode, response.body).toBe(409);
      }
      expect((await guest.agent.get(`/api/reviews/bookings/${id}`)).json().canWrite).toBe(false);
    }
    expect(await ctx().services.db.selectFrom('reviews').select('id').execute()).toEqual([]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const { guest, host, bookingId } = await reviewCast(ctx);
    const put = (member: typeof guest, body: unknown) =>
      member.agent.request('PUT', `/api/reviews/bookings/${bookingId}`, body);
    const cases: [unknown, string][] = [
      [{ ...GUEST_REVIEW, rating: 0 }, 'rating'],
      [{ ...GUEST_REVIEW, rating: 6 }, 'rating'],
      [{ ...GUEST_REVIEW, cleanliness: 6 }, 'cleanliness'],
      [{ ...GUEST_REVIEW, rating: 4.5 }, 'rating'],
      [{ ...GUEST_REVIEW, comment: 'nul\u0000byte' }, 'comment'],
      [{ ...GUEST_REVIEW, comment: 'x'.repeat(2001) }, 'comment'],
      [{ ...GUEST_REVIEW, accuracy: undefined }, 'accuracy'],
      [{ ...GUEST_REVIEW, privateNote: 'hi' }, 'privateNote'],
    ];
    for (const [body, field] of cases) {
      const response = await put(guest, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json()), field).toContain(field);
    }
    const hostBad = await put(host, { rating: 5, comment: 'public?' });
    expect(hostBad.statusCode).toBe(400);
    expect(hostBad.json().fields).toEqual([expect.objectContaining({ field: 'comment' })]);
    const longNote = await put(host, { rating: 5, privateNote: 'x'.repeat(2001) });
    expect(longNote.statusCode).toBe(400);
    // 2,000 characters exactly is fine.
    await writeOk(guest, bookingId, { ...GUEST_REVIEW, comment: 'x'.repeat(2000) });
    const reply = await host.agent.post(`/api/reviews/${bookingId}/reply`, { reply: 'a\u0000b' });
    expect(reply.statusCode).toBe(400);
    expect((await guest.agent.get('/api/reviews/manage?rating=0')).statusCode).toBe(400);
    expect((await guest.agent.get('/api/reviews/bookings/not-a-uuid')).statusCode).toBe(400);
  });
});
