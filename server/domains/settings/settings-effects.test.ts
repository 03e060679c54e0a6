import { expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { earliestStart } from '../availability/slots.ts';
import { book, bookingCast, bookOk, NEW_YORK, publishedBathroom } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import { createDraft } from '../properties/property-test-support.ts';

/**
 * A saved setting governs the very next booking, search or sign-up, with no restart (ADR 140): the
 * engines read this process's copy of the settings, which the change itself invalidates.
 */
describeWithApp('platform settings take effect at once', (ctx) => {
  const put = async (admin: { agent: TestAgent }, body: Record<string, unknown>) => {
    const response = await admin.agent.request('PUT', '/api/admin/settings', body);
    expect(response.statusCode, response.body).toBe(200);
  };
  /** A grid start this many minutes from now (rounded up to the grid). */
  const startAfter = (minutes: number) => earliestStart(new Date(Date.now() + minutes * 60_000));

  it('hold minutes: the next hold lasts as long as the setting says', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    // Read once, so the copy is warm: the change must replace it, not a cold read.
    expect((await ctx().services.settings.current()).holdMinutes).toBe(15);
    const before = await bookOk(guest, bathroomId, startAfter(24 * 60));
    await put(admin, { holdMinutes: 40 });
    const after = await bookOk(guest, bathroomId, startAfter(26 * 60));
    const held = (booking: Record<string, unknown>) =>
      Math.round(
        (new Date(String(booking.hold_expires_at)).getTime() -
          new Date(String(booking.created_at)).getTime()) /
          60_000,
      );
    expect(held(before)).toBe(15);
    expect(held(after)).toBe(40);
  });

  it('minimum notice: a start sooner than the notice is refused, and the slot list leaves it out', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const soon = startAfter(45);
    await put(admin, { goNowEnabled: false });
    await put(admin, { minimumNoticeMinutes: 120 });
    const refused = await book(guest, bathroomId, soon, 15);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { field: 'startsAt', message: expect.stringContaining('at least 120 minutes') },
    ]);
    const starts = async () => {
      const slots = await guest.agent.get(
        `/api/bathrooms/${bathroomId}/slots?date=${localDate(soon)}&duration=15`,
      );
      expect(slots.statusCode, slots.body).toBe(200);
      return (slots.json().starts as { starts_at: string }[]).map((slot) => Date.parse(slot.starts_at));
    };
    const earliest = startAfter(120).getTime();
    const withNotice = await starts();
    expect(withNotice).not.toContain(soon.getTime());
    expect(withNotice.every((start) => start >= earliest)).toBe(true);
    // Back to 0: the same start is offered and books.
    await put(admin, { minimumNoticeMinutes: 0 });
    expect(await starts()).toContain(soon.getTime());
    expect((await book(guest, bathroomId, soon, 15)).statusCode).toBe(201);
  });

  it('longest booking: longer stays are refused and search finds nothing for them', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const search = async (duration: number) => {
      const response = await new TestAgent(ctx().app).get(
        `/api/bathrooms/search?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&date=2030-06-15&time=10:00&duration=${duration}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SearchResponse).results.map((result) => result.id);
    };
    expect(await search(90)).toEqual([bathroomId]);
    await put(admin, { maxBookingMinutes: 60 });
    expect(await search(90)).toEqual([]);
    expect(await search(60)).toEqual([bathroomId]);
    const refused = await book(guest, bathroomId, startAfter(24 * 60), 90);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      { field: 'durationMinutes', message: 'Bookings last at most 60 minutes.' },
    ]);
    expect((await book(guest, bathroomId, startAfter(24 * 60), 60)).statusCode).toBe(201);
  });

  it('Go now off: the API refuses with a clear message; on again, it answers', async () => {
    const { admin } = await bookingCast(ctx);
    const url = `/api/bathrooms/go-now?lat=${NEW_YORK.latitude}&lon=${NEW_YORK.longitude}`;
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get(url)).statusCode).toBe(200);
    await put(admin, { goNowEnabled: false });
    const off = await anonymous.get(url);
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toContain('Go now is switched off');
    await put(admin, { goNowEnabled: true });
    expect((await anonymous.get(url)).statusCode).toBe(200);
  });

  it('new sign-ups under review: an account registered after the switch starts under review', async () => {
    const { admin } = await bookingCast(ctx);
    const register = async (email: string) => {
      const response = await new TestAgent(ctx().app).post('/api/account/register', {
        email,
        password: 'a fine password',
        first_name: 'Rae',
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await ctx()
        .services.db.selectFrom('profiles')
        .innerJoin('user', 'user.id', 'profiles.id')
        .select('profiles.is_active')
        .where('user.email', '=', email)
        .executeTakeFirstOrThrow();
      return row.is_active;
    };
    expect(await register('before@example.com')).toBe(true);
    await put(admin, { signupsUnderReview: true });
    expect(await register('after@example.com')).toBe(false);
    // The account registered before the switch is untouched.
    const before = await ctx()
      .services.db.selectFrom('profiles')
      .innerJoin('user', 'user.id', 'profiles.id')
      .select('profiles.is_active')
      .where('user.email', '=', 'before@example.com')
      .executeTakeFirstOrThrow();
    expect(before.is_active).toBe(true);
  });

  it('free-cancellation window: a guest cancelling inside the wider window gets half back', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const bookingId = await confirmedBooking(ctx, guest, bathroomId, startAfter(90));
    const terms = async () => (await guest.agent.get(`/api/bookings/${bookingId}/cancellation`)).json();
    expect(await terms()).toMatchObject({ policy: 'full' });
    await put(admin, { freeCancellationMinutes: 180 });
    expect(await terms()).toMatchObject({
      policy: 'half',
      message: expect.stringContaining('less than 180 minutes'),
    });
  });

  it('cleaning break for new listings: a new draft starts with it; a host’s own choice wins', async () => {
    const { host, admin } = await bookingCast(ctx);
    expect((await createDraft(host)).cleaning_buffer_minutes).toBe(0);
    await put(admin, { defaultCleaningBufferMinutes: 10 });
    expect((await createDraft(host)).cleaning_buffer_minutes).toBe(10);
    expect((await createDraft(host, { cleaning_buffer_minutes: 5 })).cleaning_buffer_minutes).toBe(5);
  });
});

/** The New York date of an instant (the test bathroom's zone). */
function localDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK.timezone }).format(instant);
}
