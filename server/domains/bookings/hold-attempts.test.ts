import { expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { describeWithApp } from '../../test/harness.ts';
import { SLOT_TAKEN_MESSAGE } from './booking-refusals.ts';
import { createBookingService } from './booking-service.ts';
import {
  book,
  bookingCast,
  bookingRows,
  bookOk,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';
import { createHoldAttempts, type SlotSchedule } from './hold-attempts.ts';
import { insertBooking } from './repository.ts';

const quietLog = { warn: () => {}, error: () => {} };
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describeWithApp('bookings: racing attempts take turns in a process, the database decides', (ctx) => {
  const liveHold = (bathroomId: string, guestId: string, start: Date) => ({
    bathroom_id: bathroomId,
    guest_id: guestId,
    status: 'pending_payment' as const,
    starts_at: start,
    ends_at: plusMinutes(start, 60),
    duration_minutes: 60,
    cleaning_buffer_minutes: 0,
    hourly_price_cents: 1200,
    price_cents: 1200,
    hold_expires_at: plusMinutes(new Date(), 15),
  });

  it('runs overlapping attempts one at a time, and side by side when their times do not meet', async () => {
    const { host } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const attempts = createHoldAttempts(ctx().services.db);
    const start = startIn(2);
    let running = 0;
    let most = 0;
    const hold = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    const pass = () => {};
    const overlapping = [0, 15, 30, 45].map((minutes) =>
      attempts.run(
        { bathroomId, start: plusMinutes(start, minutes), end: plusMinutes(start, minutes + 60) },
        pass,
        hold,
      ),
    );
    await Promise.all(overlapping);
    expect(most).toBe(1);
    most = 0;
    const apart = [0, 120, 240].map((minutes) =>
      attempts.run(
        { bathroomId, start: plusMinutes(start, minutes), end: plusMinutes(start, minutes + 60) },
        pass,
        hold,
      ),
    );
    await Promise.all(apart);
    expect(most).toBe(3);
    expect(attempts.runningCount()).toBe(0);
  });

  it('answers a waiting attempt from a read made after the running one ended: taken if it committed, free if not', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const db = ctx().services.db;
    const attempts = createHoldAttempts(db);
    const start = startIn(2);
    const attempt = { bathroomId, start, end: plusMinutes(start, 60) };
    const seen: number[] = [];
    const admit = (found: SlotSchedule | null) => {
      seen.push(found?.schedule.bookings.length ?? -1);
      if (found?.schedule.bookings.length) throw new AppError('conflict', SLOT_TAKEN_MESSAGE);
    };
    // The first attempt gives up (a rollback): the one waiting behind it must still get the time.
    const first = attempts.run(attempt, admit, async () => {
      await tick();
      throw new Error('provider down');
    });
    const second = attempts.run(attempt, admit, async () => {
      await insertBooking(db, liveHold(bathroomId, guest.id, start));
      return 'held';
    });
    await expect(first).rejects.toThrow('provider down');
    expect(await second).toBe('held');
    // A third, arriving now, reads the committed hold and is refused without running.
    let ran = false;
    await expect(
      attempts.run(attempt, admit, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ message: SLOT_TAKEN_MESSAGE });
    expect(ran).toBe(false);
    expect(seen).toEqual([0, 0, 0, 1]);
  });

  it('refuses with the same answers before the transaction as in it', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { allowedDurations: [30, 60] });
    const draftId = await publishedBathroom(ctx, host.id, { status: 'draft' });
    const start = startIn(2);
    expect((await book(guest, draftId, start)).statusCode).toBe(400);
    expect((await book(host, bathroomId, start)).json()).toMatchObject({
      message: 'You cannot book your own bathroom.',
    });
    expect((await book(guest, bathroomId, start, 45)).json()).toMatchObject({
      fields: [{ field: 'durationMinutes' }],
    });
    await bookOk(guest, bathroomId, start);
    const taken = await book(guest, bathroomId, plusMinutes(start, 30), 30);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'conflict', message: SLOT_TAKEN_MESSAGE });
  });

  it('still lets exactly one through when the racers are in different processes', async () => {
    const { host, guest, otherGuest, otherHost, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const { services } = ctx();
    // Two booking services share nothing in memory, as two server processes on one database.
    const processes = [
      services.bookings,
      createBookingService({ ...services, log: quietLog, appUrl: 'http://127.0.0.1' }),
    ];
    const racers = [guest, otherGuest, otherHost, admin, guest, otherGuest];
    const start = startIn(3);
    const outcomes = await Promise.allSettled(
      racers.map((racer, i) =>
        (processes[i % 2] as typeof services.bookings).create(
          { userId: racer.id, isAdmin: false },
          { bathroomId, startsAt: start.toISOString(), durationMinutes: 60 },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ message: SLOT_TAKEN_MESSAGE });
    }
    const live = (await bookingRows(ctx)).filter((row) => row.status === 'pending_payment');
    expect(live).toHaveLength(1);
  });
});
