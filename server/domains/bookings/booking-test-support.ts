import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { insertBathroom } from '../availability/search-test-support.ts';
import { type Member, signUp } from '../properties/property-test-support.ts';

/** Helpers shared by the booking integration tests. */

export const NEW_YORK = { latitude: 40.7128, longitude: -74.006, timezone: 'America/New_York' };

/** Open around the clock, so tests may book relative to the real "now" at any hour. */
export const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

/** A grid start `days` ahead at a whole UTC hour plus `minutes`. */
export function startIn(days: number, hourUtc = 15, minutes = 0): Date {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hourUtc, minutes, 0, 0);
  return day;
}

export const plusMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

export type Cast = { host: Member; guest: Member; otherGuest: Member; otherHost: Member; admin: Member };

/** A host with a published bathroom in New York, and the people who may or may not see its bookings. */
export async function bookingCast(ctx: () => TestContext): Promise<Cast> {
  const [host, guest, otherGuest, otherHost, admin] = await Promise.all([
    signUp(ctx, 'host@example.com', { provider: true }),
    signUp(ctx, 'guest@example.com'),
    signUp(ctx, 'other-guest@example.com'),
    signUp(ctx, 'other-host@example.com', { provider: true }),
    signUp(ctx, 'admin@example.com', { admin: true }),
  ]);
  return { host, guest, otherGuest, otherHost, admin };
}

export async function publishedBathroom(
  ctx: () => TestContext,
  hostId: string,
  options: {
    bufferMinutes?: number;
    priceCents?: number;
    allowedDurations?: number[];
    status?: 'draft' | 'published';
  } = {},
): Promise<string> {
  const db = ctx().services.db;
  const id = await insertBathroom(db, {
    hostId,
    ...NEW_YORK,
    hours: ALL_DAY,
    status: options.status ?? 'published',
    priceCents: options.priceCents ?? 1200,
    ...(options.allowedDurations ? { allowedDurations: options.allowedDurations } : {}),
  });
  if (options.bufferMinutes) {
    await db
      .updateTable('bathrooms')
      .set({ cleaning_buffer_minutes: options.bufferMinutes })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

export async function book(member: Member, bathroomId: string, startsAt: Date, durationMinutes = 60) {
  return member.agent.post('/api/bookings', {
    bathroomId,
    startsAt: startsAt.toISOString(),
    durationMinutes,
  });
}

export async function bookOk(member: Member, bathroomId: string, startsAt: Date, durationMinutes = 60) {
  const response = await book(member, bathroomId, startsAt, durationMinutes);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { booking: { id: string; status: string; [key: string]: unknown } }).booking;
}

/** A hold and its checkout: the session id is the last part of the test provider's page URL. */
export async function holdWithCheckout(
  member: Member,
  bathroomId: string,
  startsAt: Date,
  durationMinutes = 60,
) {
  const response = await book(member, bathroomId, startsAt, durationMinutes);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { booking: { id: string; status: string }; checkoutUrl: string };
  return { ...body, sessionId: body.checkoutUrl.split('/').pop() as string };
}

export async function bookingRows(ctx: () => TestContext) {
  return ctx().services.db.selectFrom('bookings').selectAll().orderBy('starts_at').execute();
}
