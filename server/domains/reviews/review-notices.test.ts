import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { createBookingSweep } from '../bookings/booking-sweep.ts';
import { pastBooking } from '../messaging/messaging-test-support.ts';
import { createReviewService } from './review-service.ts';
import { GUEST_REVIEW, HOST_REVIEW, reviewCast } from './review-test-support.ts';

/**
 * The review notices (ADR 124, "Notices"): both requests at completion, only for a checked-in
 * booking; a reminder after 3 days only to the side that has not written; publication when the
 * 14-day window closes.
 */

const DAY = 86_400_000;
const typesOf = async (ctx: () => TestContext, userId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select('notification_type')
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.notification_type);

describeWithApp('reviews: requests, reminders and the closing window', (ctx) => {
  it('asks both sides at completion, reminds only the silent side after 3 days, publishes at 14 days', async () => {
    const { guest, host, bathroomId } = await reviewCast(ctx);
    const db = ctx().services.db;
    // A checked-in booking whose end has just passed, and one never checked in.
    const used = await pastBooking(ctx, {
      guestId: guest.id,
      bathroomId,
      endedDaysAgo: 0.01,
      status: 'checked_in',
    });
    await db
      .updateTable('bookings')
      .set((eb) => ({ checked_in_at: eb.ref('starts_at') }))
      .where('id', '=', used)
      .execute();
    const unused = await pastBooking(ctx, {
      guestId: guest.id,
      bathroomId,
      endedDaysAgo: 0.2,
      status: 'confirmed',
    });
    let now = new Date();
    const reviews = createReviewService({ db, notifications: ctx().services.notifications, now: () => now });
    const sweep = createBookingSweep({
      db,
      notifications: ctx().services.notifications,
      messaging: ctx().services.messaging,
      reviews,
      now: () => now,
    });
    expect(await sweep.sweep()).toMatchObject({ completed: 2 });
    const requested = await db
      .selectFrom('bookings')
      .select(['id', 'review_requested_at'])
      .where('id', 'in', [used, unused])
      .execute();
    expect(requested.find((row) => row.id === unused)?.review_requested_at).toBeNull();
    expect((await typesOf(ctx, guest.id)).filter((type) => type === 'RESERVATION_REVIEW')).toHaveLength(1);
    expect((await typesOf(ctx, host.id)).filter((type) => type === 'RESERVATION_OWNER_REVIEW')).toHaveLength(
      1,
    );

    // The guest writes on day 1; on day 3 only the host is reminded, once.
    now = new Date(now.getTime() + DAY);
    await reviews.write({ userId: guest.id, isAdmin: false }, used, GUEST_REVIEW);
    now = new Date(now.getTime() + 2 * DAY - 60_000);
    expect(await reviews.sweep()).toEqual({ reminders: 0, published: 0 });
    now = new Date(now.getTime() + 120_000);
    expect(await reviews.sweep()).toEqual({ reminders: 1, published: 0 });
    expect(await reviews.sweep()).toEqual({ reminders: 0, published: 0 });
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_OWNER_REVIEW_REMINDER');
    expect(await typesOf(ctx, guest.id)).not.toContain('RESERVATION_REVIEW_REMINDER');
    const reminder = await db
      .selectFrom('notifications')
      .select('meta')
      .where('notification_type', '=', 'RESERVATION_OWNER_REVIEW_REMINDER')
      .executeTakeFirstOrThrow();
    expect(reminder.meta).toMatchObject({ booking_id: used });

    // Still hidden on day 13; the window closes on day 14 and the guest's review publishes alone.
    now = new Date(now.getTime() + 10 * DAY);
    expect(await reviews.sweep()).toEqual({ reminders: 0, published: 0 });
    const summary = await reviews.forBathroom(bathroomId);
    expect(summary.summary.count).toBe(0);
    now = new Date(now.getTime() + 1.1 * DAY);
    expect(await reviews.sweep()).toEqual({ reminders: 0, published: 1 });
    expect((await reviews.forBathroom(bathroomId)).summary).toMatchObject({ average: 4, count: 1 });
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_REVIEW_COMPLETED');
    // Too late for the host now.
    await expect(reviews.write({ userId: host.id, isAdmin: false }, used, HOST_REVIEW)).rejects.toMatchObject(
      {
        code: 'conflict',
      },
    );
  });
});
