import type { TestContext } from '../../test/harness.ts';
import { updateProfile } from '../auth/repository.ts';
import { publishedBathroom } from '../bookings/booking-test-support.ts';
import { pastBooking } from '../messaging/messaging-test-support.ts';
import { type Member, signUp } from '../properties/property-test-support.ts';
import { postCapture, postRelease } from './ledger-service.ts';

/** Helpers shared by the payout tests (ADR 129). */

export type HostLink = 'connected' | 'not_connected' | 'unlinked';

/**
 * A host whose test-provider account is linked and connected (or not). `refuses` makes the
 * provider refuse transfers to it, as Stripe does for an account it has restricted.
 */
export async function payoutHost(
  ctx: () => TestContext,
  email: string,
  options: { link?: HostLink; refuses?: boolean } = {},
): Promise<Member> {
  const member = await signUp(ctx, email, { provider: true });
  const link = options.link ?? 'connected';
  if (link === 'unlinked') return member;
  const db = ctx().services.db;
  const accountId = `acct_test_${member.id}`;
  await db
    .insertInto('test_connect_accounts')
    .values({
      id: accountId,
      user_id: member.id,
      email: null,
      details_submitted: link === 'connected',
      charges_enabled: link === 'connected',
      payouts_enabled: link === 'connected' && !options.refuses,
    })
    .execute();
  await updateProfile(db, member.id, {
    stripe_connect_id: accountId,
    is_stripe_connected: link === 'connected',
  });
  return member;
}

export async function setTransfersRefused(ctx: () => TestContext, hostId: string, refused: boolean) {
  await ctx()
    .services.db.updateTable('test_connect_accounts')
    .set({ payouts_enabled: !refused })
    .where('user_id', '=', hostId)
    .execute();
}

/**
 * A booking that ended yesterday, paid `paidCents`, captured and released in the ledger: its host
 * share (85% at the default commission) is payable.
 */
export async function payableBooking(
  ctx: () => TestContext,
  options: { hostId: string; guestId: string; paidCents: number; bathroomId?: string },
): Promise<string> {
  const db = ctx().services.db;
  const bathroomId = options.bathroomId ?? (await publishedBathroom(ctx, options.hostId));
  const bookingId = await pastBooking(ctx, { guestId: options.guestId, bathroomId, endedDaysAgo: 1 });
  await db
    .updateTable('bookings')
    .set({
      amount_paid_cents: options.paidCents,
      price_cents: options.paidCents,
      hourly_price_cents: options.paidCents,
    })
    .where('id', '=', bookingId)
    .execute();
  await db.transaction().execute(async (trx) => {
    await postCapture(trx, bookingId);
    await postRelease(trx, bookingId);
  });
  return bookingId;
}

export const transfersOf = (ctx: () => TestContext) =>
  ctx()
    .services.db.selectFrom('test_transfers')
    .select(['idempotency_key', 'account_id', 'amount_cents', 'reference'])
    .orderBy('created_at')
    .execute();

export const noticesOf = (ctx: () => TestContext, userId: string) =>
  ctx()
    .services.db.selectFrom('notifications')
    .select(['notification_type', 'message'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
