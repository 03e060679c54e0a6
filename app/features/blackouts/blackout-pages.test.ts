/** The blackout pages' loader and action, where the form's rules are enforced (ADR 094). */
import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { blackoutScene } from '../../../server/domains/blackouts/blackout-test-support.ts';
import {
  bookingCast,
  publishedBathroom,
  startIn,
} from '../../../server/domains/bookings/booking-test-support.ts';
import type { Member } from '../../../server/domains/properties/property-test-support.ts';
import { describeWithApp, type TestContext } from '../../../server/test/harness.ts';
import { servicesContext } from '../../lib/context.ts';
import { action as quickAction } from '../../routes/manage/blackout.tsx';
import { action as datesAction, loader as datesLoader } from '../../routes/manage/blackout-dates.tsx';
import type { BlackoutActionData } from './blackout-types.ts';

function argsFor(ctx: () => TestContext, member: Member | null, path: string, form?: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, ctx().services as never);
  const headers = new Headers(member ? { cookie: member.agent.cookieHeader() } : {});
  const request = new Request(`http://localhost:3000${path}`, {
    method: form ? 'POST' : 'GET',
    headers,
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { request, context, params: {} } as never;
}

/** 'YYYY-MM-DDTHH:MM' in New York for an instant (the test bathrooms are there). */
function newYorkInput(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describeWithApp('blackout pages', (ctx) => {
  it('local times in the bathroom zone: the dialog data first, then the confirmed save cancels the booking', async () => {
    const { host, bathroomId, bookingId, bookingStart } = await blackoutScene(ctx);
    const path = `/manage/blackout-dates?bathroomId=${bathroomId}`;
    const form = {
      intent: 'save',
      bathroomId,
      start: newYorkInput(new Date(bookingStart.getTime() - 30 * 60_000)),
      end: newYorkInput(new Date(bookingStart.getTime() + 90 * 60_000)),
      reason: 'Painting',
    };
    const first = (await datesAction(argsFor(ctx, host, path, form))) as BlackoutActionData;
    expect(first.kind).toBe('confirm');
    if (first.kind !== 'confirm') return;
    expect(first.bookings.map((row) => row.booking_id)).toEqual([bookingId]);
    expect(first.input.startsAt).toBe(new Date(bookingStart.getTime() - 30 * 60_000).toISOString());
    expect(first.timezone).toBe('America/New_York');
    const blackouts = () => ctx().services.db.selectFrom('bathroom_blackouts').selectAll().execute();
    expect(await blackouts()).toEqual([]);

    const second = (await datesAction(
      argsFor(ctx, host, path, { intent: 'save', confirm: 'yes', ...first.input }),
    )) as BlackoutActionData;
    expect(second).toMatchObject({
      kind: 'saved',
      cancelled: [{ booking_id: bookingId, refund_cents: 1200 }],
    });
    const booking = await ctx()
      .services.db.selectFrom('bookings')
      .select('status')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('cancelled');

    const page = await datesLoader(argsFor(ctx, host, path));
    expect(page.list?.upcoming).toHaveLength(1);
    expect(page.list?.bathroom.timezone).toBe('America/New_York');
    expect(page.defaults?.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
  });

  it('"block the next N hours" starts now; bad input answers with the field; others are refused', async () => {
    const { host, guest, otherHost } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const before = Date.now();
    const quick = (await quickAction(
      argsFor(ctx, host, '/blackout', { intent: 'save', bathroomId, hours: '3' }),
    )) as BlackoutActionData;
    expect(quick.kind).toBe('saved');
    if (quick.kind !== 'saved') return;
    const start = new Date(quick.blackout.starts_at).getTime();
    expect(start).toBeGreaterThanOrEqual(before);
    expect(new Date(quick.blackout.ends_at).getTime() - start).toBeLessThan(3 * 3_600_000 + 5_000);
    expect(new Date(quick.blackout.ends_at).getTime() - start).toBeGreaterThan(3 * 3_600_000 - 5_000);

    const badHours = await quickAction(
      argsFor(ctx, host, '/blackout', { intent: 'save', bathroomId, hours: '0' }),
    );
    expect(badHours).toMatchObject({ kind: 'error', field: 'hours' });
    const badStart = await datesAction(
      argsFor(ctx, host, '/manage/blackout-dates', { intent: 'save', bathroomId, start: 'soon', end: '' }),
    );
    expect(badStart).toMatchObject({ kind: 'error', field: 'start' });
    const notUuid = await datesAction(
      argsFor(ctx, host, '/manage/blackout-dates', { intent: 'save', bathroomId: 'x', hours: '2' }),
    );
    expect(notUuid).toMatchObject({ kind: 'error', field: 'bathroomId' });
    const dayAfter = startIn(4);
    const theirs = await datesAction(
      argsFor(ctx, otherHost, '/manage/blackout-dates', {
        intent: 'save',
        bathroomId,
        startsAt: dayAfter.toISOString(),
        endsAt: new Date(dayAfter.getTime() + 3_600_000).toISOString(),
      }),
    );
    expect(theirs).toMatchObject({ kind: 'error', message: 'There is no such bathroom.' });
    // A guest is shown how to become a host, not an error (ADR 068).
    const refused = await quickAction(
      argsFor(ctx, guest, '/blackout', { intent: 'save', bathroomId, hours: '2' }),
    ).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get('location')).toBe('/become-a-provider');
    await expect(
      datesLoader(argsFor(ctx, otherHost, `/manage/blackout-dates?bathroomId=${bathroomId}`)),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      datesLoader(argsFor(ctx, host, '/manage/blackout-dates?bathroomId=nope')),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await ctx().services.db.selectFrom('bathroom_blackouts').selectAll().execute()).toHaveLength(1);
  });
});
