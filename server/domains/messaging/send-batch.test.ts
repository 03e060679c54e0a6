import { randomUUID } from 'node:crypto';
import { type KyselyPlugin, sql } from 'kysely';
import { expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { describeWithApp } from '../../test/harness.ts';
import { planCounts } from '../../test/plan-cache.ts';
import { startIn } from '../bookings/booking-test-support.ts';
import type { RealtimeEvent } from '../realtime/bus.ts';
import { createMessageEvents } from './message-events.ts';
import { createMessageNotices } from './message-notices.ts';
import { confirmedBooking, messagingCast, pastBooking } from './messaging-test-support.ts';
import { sendMessages } from './send-messages.ts';

/** Sends that arrive together are written together (ADR 148), and still answered one by one. */

describeWithApp('messaging: sends written together', (ctx) => {
  const send = (userId: string, bookingId: string, content: string, clientId?: string) =>
    ctx().services.messaging.send({ userId, isAdmin: false }, bookingId, {
      content,
      ...(clientId ? { clientId } : {}),
    });
  const stored = () =>
    ctx()
      .services.db.selectFrom('messages')
      .select(['content', 'sender_id', 'received_notice_id', sql<string>`xmin::text`.as('xid')])
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('stores what arrives together in one transaction and answers each send for itself', async () => {
    const { guest, host, otherGuest, bathroomId, bookingId } = await messagingCast(ctx);
    const closed = await pastBooking(ctx, { guestId: guest.id, bathroomId, endedDaysAgo: 8 });
    const events: RealtimeEvent[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    const clientId = randomUUID();

    const results = await Promise.allSettled([
      send(guest.id, bookingId, 'Is the door code 4321?'),
      send(host.id, bookingId, 'Yes, come up'),
      send(otherGuest.id, bookingId, 'Let me in too'),
      send(guest.id, closed, 'Forgot my scarf'),
      send(guest.id, bookingId, 'On my way', clientId),
      send(guest.id, bookingId, 'On my way', clientId),
    ]);

    const [first, second, stranger, late, sent, retried] = results;
    expect(first).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(stranger).toMatchObject({ status: 'rejected', reason: { code: 'not_found' } });
    expect(late).toMatchObject({ status: 'rejected', reason: { code: 'conflict' } });
    expect(sent).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(retried).toMatchObject({ status: 'fulfilled', value: { created: false } });
    if (sent.status !== 'fulfilled' || retried.status !== 'fulfilled') return;
    expect(retried.value.message.id).toBe(sent.value.message.id);

    const rows = await stored();
    expect(rows.map((row) => row.content)).toEqual(['Is the door code 4321?', 'Yes, come up', 'On my way']);
    // One transaction wrote them all, and each has its recipient's notice.
    expect(new Set(rows.map((row) => row.xid)).size).toBe(1);
    expect(rows.every((row) => row.received_notice_id)).toBe(true);
    const notices = await ctx()
      .services.db.selectFrom('notifications')
      .select(['id', 'user_id'])
      .where('notification_type', '=', 'MESSAGE_RECEIVED')
      .execute();
    expect(notices.filter((notice) => notice.user_id === host.id)).toHaveLength(2);
    expect(notices.filter((notice) => notice.user_id === guest.id)).toHaveLength(1);
    expect(new Set(notices.map((notice) => notice.id))).toEqual(
      new Set(rows.map((row) => row.received_notice_id)),
    );

    // Live: each message on the conversation and its recipient's channel, then each count once.
    await expect.poll(() => events.filter((event) => event.event === 'message.unread').length).toBe(2);
    stop();
    const on = (channel: string, event: string) =>
      events.filter((item) => item.channel === channel && item.event === event);
    expect(on(`conversation:${bookingId}`, 'message.created')).toHaveLength(3);
    expect(on(`user:${host.id}`, 'message.created')).toHaveLength(2);
    expect(on(`user:${guest.id}`, 'message.created')).toHaveLength(1);
    expect(on(`user:${host.id}`, 'message.unread').map((event) => event.payload)).toEqual([{ count: 2 }]);
    expect(on(`user:${guest.id}`, 'message.unread').map((event) => event.payload)).toEqual([{ count: 1 }]);
  });

  it('tells each recipient their unread count with what was unread before and only what this batch stored', async () => {
    const { guest, host, otherGuest, bathroomId, bookingId } = await messagingCast(ctx);
    const otherBooking = await confirmedBooking(ctx, otherGuest, bathroomId, startIn(6));
    const clientId = randomUUID();
    const events: RealtimeEvent[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    // Unread before the batch: one in each of the host's two conversations.
    await send(otherGuest.id, otherBooking, 'Is there soap?');
    await send(guest.id, bookingId, 'Running late', clientId);
    expect(await ctx().services.messaging.unreadCount(host.id)).toBe(2);
    // Those sends' own events arrive after they are answered: heard, then set aside.
    await expect
      .poll(() =>
        events.some(
          (event) => event.event === 'message.unread' && (event.payload as { count: number }).count === 2,
        ),
      )
      .toBe(true);
    events.length = 0;

    const results = await Promise.all([
      send(guest.id, bookingId, 'Ten minutes'),
      send(guest.id, bookingId, 'Running late', clientId),
      send(otherGuest.id, otherBooking, 'Never mind, found it'),
      send(host.id, bookingId, 'No rush'),
    ]);
    expect(results.map((result) => result.created)).toEqual([true, false, true, true]);

    const counts = (userId: string) =>
      events
        .filter((event) => event.channel === `user:${userId}` && event.event === 'message.unread')
        .map((event) => event.payload);
    await expect.poll(() => counts(host.id).length + counts(guest.id).length).toBe(2);
    stop();
    // 2 before, 2 new from this batch; the retried send stored nothing and counts nothing.
    expect(counts(host.id)).toEqual([{ count: 4 }]);
    expect(counts(guest.id)).toEqual([{ count: 1 }]);
    expect(await ctx().services.messaging.unreadCount(host.id)).toBe(4);
    expect(await ctx().services.messaging.unreadCount(guest.id)).toBe(1);
  });

  it('writes a batch in two round trips: the conversations read, then one statement (ADR 154)', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const { db, notifications } = ctx().services;
    const { bus } = ctx().services.realtime;
    // Each statement run comes back through transformResult once (transformQuery also sees the
    // queries composed into others).
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements++;
        return result;
      },
    };
    const now = () => new Date();
    const outcomes = await sendMessages(
      {
        db: db.withPlugin(counting),
        bus,
        events: createMessageEvents(bus),
        notices: createMessageNotices({ db, notifications, now }),
        now,
      },
      [
        { actor: { userId: guest.id, isAdmin: false }, bookingId, input: { content: 'Here in 5' } },
        { actor: { userId: host.id, isAdmin: false }, bookingId, input: { content: 'Door is open' } },
        { actor: { userId: guest.id, isAdmin: false }, bookingId, input: { content: 'Thanks!' } },
      ],
    );
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true]);
    expect(statements).toBe(2);
    expect((await stored()).map((row) => row.content)).toEqual(['Here in 5', 'Door is open', 'Thanks!']);
  });

  it("stores a send only once its caller's own check passes, and fails alone the one it refuses", async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const actor = (userId: string) => ({ userId, isAdmin: false });
    let pass: () => void = () => {};
    const slowButFine = new Promise<void>((resolve) => {
      pass = resolve;
    });
    const refused = Promise.reject(new AppError('rate_limited', 'Too many requests. Please wait a moment.'));
    const results = Promise.allSettled([
      ctx().services.messaging.send(actor(guest.id), bookingId, { content: 'Checked later' }, slowButFine),
      ctx().services.messaging.send(actor(host.id), bookingId, { content: 'Over budget' }, refused),
      send(guest.id, bookingId, 'Unchecked'),
    ]);
    // Nothing is written while a check in the batch is still under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toEqual([]);
    pass();
    const [checked, overBudget, unchecked] = await results;
    expect(checked).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(overBudget).toMatchObject({ status: 'rejected', reason: { code: 'rate_limited' } });
    expect(unchecked).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect((await stored()).map((row) => row.content)).toEqual(['Checked later', 'Unchecked']);
  });

  it('tries each send alone when their transaction fails, so only the bad one fails', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    // Longer than the column allows: only a caller skipping the schema gets this far, and the
    // database refuses it, failing the transaction it shares with the others.
    const results = await Promise.allSettled([
      send(guest.id, bookingId, 'See you at 3'),
      send(host.id, bookingId, 'x'.repeat(2_001)),
      send(host.id, bookingId, 'Ring twice'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await stored();
    expect(rows.map((row) => row.content)).toEqual(['See you at 3', 'Ring twice']);
    expect(new Set(rows.map((row) => row.xid)).size).toBe(2);
  });

  it('plans the batch statements once per connection, not again at every batch (ADR 153)', async ({
    skip,
  }) => {
    const pool = ctx().database.pool;
    if (!pool) return skip('PGlite plans every statement afresh: no plan is cached to check');
    const { guest, host, bookingId } = await messagingCast(ctx);
    for (let turn = 0; turn < 12; turn++)
      await send(turn % 2 ? host.id : guest.id, bookingId, `Turn ${turn}`);
    expect((await stored()).length).toBe(12);
    for (const statement of ['select context.*', 'insert into messages']) {
      const plans = await planCounts(pool, statement);
      expect(plans.length, statement).toBeGreaterThan(0);
      // PostgreSQL plans a prepared statement for its values five times before it may keep one plan.
      for (const counts of plans) expect(counts.custom, statement).toBeLessThanOrEqual(5);
      const generic = plans.reduce((sum, counts) => sum + counts.generic, 0);
      expect(generic, statement).toBeGreaterThanOrEqual(12 - 5 * plans.length);
    }
  });
});
