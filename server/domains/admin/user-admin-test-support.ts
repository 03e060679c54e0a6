import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { bookingCast } from '../bookings/booking-test-support.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';

/** The people of the authorisation matrix (CONVENTIONS.md), and who may do what to an account. */
export async function adminMatrixCast(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const disabled = await disabledMember(ctx, 'disabled@example.com');
  return { ...cast, disabled };
}

type MatrixCast = Awaited<ReturnType<typeof adminMatrixCast>>;

/** Everyone but the admin, with the status each must get: anonymous 401, the rest 403. */
export function refusedCallers(ctx: () => TestContext, cast: MatrixCast): [string, TestAgent, number][] {
  return [
    ['anonymous', new TestAgent(ctx().app), 401],
    ['guest', cast.guest.agent, 403],
    ['other guest', cast.otherGuest.agent, 403],
    ['host', cast.host.agent, 403],
    ['other host', cast.otherHost.agent, 403],
    ['disabled', cast.disabled.agent, 403],
  ];
}

export async function expectOk(
  member: Member,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await member.agent.request(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** The names of the fields a 400 names. */
export const fieldsOf = (response: { json: () => unknown }) =>
  ((response.json() as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field).sort();
