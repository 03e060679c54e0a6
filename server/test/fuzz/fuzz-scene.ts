import { expect } from 'vitest';
import { blackoutScene } from '../../domains/blackouts/blackout-test-support.ts';
import { holdWithCheckout, startIn } from '../../domains/bookings/booking-test-support.ts';
import { addPhoto, createDraft, type Member } from '../../domains/properties/property-test-support.ts';
import { GUEST_REVIEW, HOST_REVIEW, reviewableBooking } from '../../domains/reviews/review-test-support.ts';
import type { TestContext } from '../harness.ts';
import type { ValueHints } from './schema-arbitraries.ts';

/**
 * The world the fuzz test calls into (ADR 104): a guest, a host and an admin who is a host too,
 * signed in; a published bathroom with a photo and a draft; a hold and a paid booking; a blackout,
 * notifications, a provider request, a calendar feed, a payout account. Their ids are what the
 * generators put in path parameters, so handlers run past "there is no such …".
 */

export const FUZZ_PASSWORD = 'a fine password';
export const ACTOR_NAMES = ['anonymous', 'guest', 'host', 'admin'] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

type SignedIn = Member & { email: string };

export type FuzzScene = {
  hints: ValueHints;
  /** The headers a request of this actor carries: same origin, and its session cookie. */
  headersOf: (actor: ActorName) => Record<string, string>;
  /** Puts the actors back as they were (active, known password, signed in) after a route changed them. */
  repair: () => Promise<void>;
};

export async function buildFuzzScene(ctx: () => TestContext): Promise<FuzzScene> {
  const { services } = ctx();
  const appUrl = services.config.appUrl;
  // blackoutScene signs up the booking cast (host, guest, admin, …), publishes a bathroom and pays a booking.
  const scene = await blackoutScene(ctx);
  const { db } = services;
  await db.updateTable('profiles').set({ is_provider: true }).where('id', '=', scene.admin.id).execute();
  const members: Record<Exclude<ActorName, 'anonymous'>, SignedIn> = {
    guest: { ...scene.guest, email: 'guest@example.com' },
    host: { ...scene.host, email: 'host@example.com' },
    admin: { ...scene.admin, email: 'admin@example.com' },
  };
  // The host and the admin link test payout accounts the way the onboarding pages do.
  const accountIds: string[] = [];
  for (const member of [scene.host, scene.admin]) {
    const connect = await member.agent.post('/api/payments/connect');
    const accountId = /\/test-connect\/([^/?]+)/.exec(String(connect.json().url))?.[1] ?? '';
    const completed = await member.agent.post(`/api/payments/test-connect/${accountId}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    accountIds.push(accountId);
  }

  expect((await addPhoto(ctx, scene.host, scene.bathroomId)).statusCode).toBe(200);
  const draft = await createDraft(scene.host);
  const hold = await holdWithCheckout(scene.guest, scene.bathroomId, startIn(3, 16));
  const blackout = await scene.host.agent.post('/api/manage/blackouts', {
    bathroomId: scene.bathroomId,
    startsAt: startIn(12, 15).toISOString(),
    endsAt: startIn(12, 18).toISOString(),
  });
  expect(blackout.statusCode, blackout.body).toBe(201);
  const request = await scene.guest.agent.post('/api/provider-requests', {
    first_name: 'Gus',
    last_name: 'Guest',
    email: 'guest@example.com',
  });
  expect(request.statusCode, request.body).toBe(201);
  expect((await scene.host.agent.post(`/api/manage/bathrooms/${scene.bathroomId}/ical`)).statusCode).toBe(
    200,
  );

  const message = await scene.guest.agent.post(`/api/messages/${scene.bookingId}`, {
    content: 'Where is the key?',
  });
  expect(message.statusCode, message.body).toBe(201);
  const messageIds = [message.json().message.id as string];
  const refund = await scene.guest.agent.post('/api/refund-requests', {
    bookingId: scene.bookingId,
    reason: 'not_clean',
    description: 'No soap.',
    amountCents: 100,
  });
  expect(refund.statusCode, refund.body).toBe(201);

  // A published guest review (both sides written), so reply and hide reach a real row.
  const reviewed = await reviewableBooking(ctx, scene.guest.id, scene.bathroomId, { endedDaysAgo: 2 });
  await services.reviews.write({ userId: scene.guest.id, isAdmin: false }, reviewed, GUEST_REVIEW);
  const written = await services.reviews.write(
    { userId: scene.host.id, isAdmin: false },
    reviewed,
    HOST_REVIEW,
  );
  const reviewIds = [written.theirs?.id, written.mine?.id].filter((id): id is string => Boolean(id));

  const column = async (table: 'bathroom_photos' | 'notifications' | 'outbox_messages', name = 'id') =>
    (
      await db
        .selectFrom(table)
        .select(name as 'id')
        .execute()
    ).map((row) => String(row.id));
  const photos = await db.selectFrom('bathroom_photos').select(['id', 'key_1x', 'key_2x']).execute();
  const sessions = (await db.selectFrom('session').select('id').execute()).map((row) => row.id);
  const users = (await db.selectFrom('user').select('id').execute()).map((row) => row.id);
  const bathrooms = [scene.bathroomId, draft.id];
  const ids: Record<string, string[]> = {
    bookings: [scene.bookingId, hold.booking.id],
    bookingId: [scene.bookingId, hold.booking.id, reviewed],
    messageId: messageIds,
    upToMessageId: messageIds,
    reviewId: reviewIds,
    properties: bathrooms,
    bathrooms,
    bathroomId: bathrooms,
    photoId: photos.map((photo) => photo.id),
    photo_ids: photos.map((photo) => photo.id),
    notifications: await column('notifications'),
    users,
    userId: users,
    'provider-requests': [request.json().id],
    'refund-requests': [refund.json().request.id],
    sessions,
    blackouts: [blackout.json().blackout.id],
    outbox: await column('outbox_messages'),
    sessionId: [hold.sessionId],
    accountId: accountIds,
    '*': photos.flatMap((photo) => [photo.key_1x, photo.key_2x]),
  };
  const hints: ValueHints = {
    idsFor: (name) => ids[name] ?? [],
    allIds: [...new Set(Object.values(ids).flat())],
    emails: Object.values(members).map((member) => member.email),
    password: FUZZ_PASSWORD,
  };

  const repair = async () => {
    for (const member of Object.values(members)) {
      const me = await member.agent.get('/api/account/me');
      if (me.statusCode === 200) continue;
      await db
        .updateTable('profiles')
        .set({ is_active: true, is_deleted: false })
        .where('id', '=', member.id)
        .execute();
      // An admin's soft delete (ADR 134) frees the address: give it back.
      await db
        .updateTable('user')
        .set({ twoFactorEnabled: false, email: member.email })
        .where('id', '=', member.id)
        .execute();
      await db.deleteFrom('sign_in_failures').execute();
      const signIn = () =>
        member.agent.post('/api/account/sign-in', { email: member.email, password: FUZZ_PASSWORD });
      let signedIn = await signIn();
      if (signedIn.statusCode !== 200) {
        // A fuzzed change-password or reset may have taken the password: hashing is slow, so only then.
        const auth = await services.betterAuth.$context;
        const hash = await auth.password.hash(FUZZ_PASSWORD);
        const accounts = await auth.internalAdapter.findAccounts(member.id);
        // A soft delete (ADR 134) removes the password altogether.
        if (accounts.some((account) => account.providerId === 'credential')) {
          await auth.internalAdapter.updatePassword(member.id, hash);
        } else {
          await auth.internalAdapter.linkAccount({
            userId: member.id,
            providerId: 'credential',
            accountId: member.id,
            password: hash,
          });
        }
        signedIn = await signIn();
      }
      expect(signedIn.statusCode, `${member.email} could not sign in again: ${signedIn.body}`).toBe(200);
    }
  };

  return {
    hints,
    headersOf: (actor) => {
      const cookie = actor === 'anonymous' ? '' : members[actor].agent.cookieHeader();
      // What a browser sends on a same-origin request, so a cross-site check lets it through.
      return { origin: appUrl, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) };
    },
    repair,
  };
}

/** A fresh client address per request, so per-address rate limits leave the inputs to be checked. */
export function addressFor(sequence: number): string {
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}
