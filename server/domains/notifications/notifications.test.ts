import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';
import type { RealtimeEvent } from '../realtime/bus.ts';
import { createNotificationService } from './notification-service.ts';

async function signUp(ctx: TestContext, email: string) {
  const agent = new TestAgent(ctx.app);
  const { userId } = await signUpAndSignIn(agent, { email, password: 'a long enough password' });
  return { agent, userId };
}

async function outboxTo(ctx: TestContext, email: string) {
  return ctx.services.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('created_at')
    .execute();
}

/** Many accounts at once, written directly (signing up 60 people would mostly measure scrypt). */
async function createAccounts(ctx: TestContext, count: number) {
  const now = new Date();
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `fan-${i}@example.com`,
  }));
  await ctx.services.db
    .insertInto('user')
    .values(
      users.map((u, i) => ({
        id: u.id,
        name: `Fan ${i}`,
        email: u.email,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  await ctx.services.db
    .insertInto('profiles')
    .values(users.map((u, i) => ({ id: u.id, first_name: 'Fan', last_name: String(i) })))
    .execute();
  return users;
}

describeWithApp('notifications', (ctx) => {
  it('stores, pushes live and emails a notification', async () => {
    const { agent, userId } = await signUp(ctx(), 'nina@example.com');
    const events: unknown[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    const row = await ctx().services.notifications.notify({
      userId,
      type: 'RESERVATION_CONFIRMED',
      message: 'Your booking at Sunny Loft is confirmed.',
      meta: { booking_id: 'b1' },
    });
    await expect.poll(() => events.length).toBe(1);
    stop();
    expect(events[0]).toMatchObject({
      channel: `user:${userId}`,
      event: 'notification',
      payload: { id: row.id },
    });

    const list = (await agent.get('/api/notifications')).json();
    expect(list).toMatchObject({ unviewed: 1, total: 1, nextCursor: null });
    expect(list.notifications[0]).toMatchObject({
      notification_type: 'RESERVATION_CONFIRMED',
      viewed: false,
      read: false,
      meta: { booking_id: 'b1' },
    });

    await expect
      .poll(async () => (await outboxTo(ctx(), 'nina@example.com')).map((m) => m.subject))
      .toContain('Booking confirmed: Your booking at Sunny Loft is confirmed.');
    const mail = (await outboxTo(ctx(), 'nina@example.com')).find((m) => m.subject.includes('Sunny Loft'));
    expect(mail?.text).toContain('http://localhost:3000/bookings/b1');
  });

  it('respects email preferences per category', async () => {
    const { agent, userId } = await signUp(ctx(), 'quiet@example.com');
    const put = await agent.request('PUT', '/api/notifications/preferences', {
      bookings: false,
      messages: true,
      reviews: true,
      refunds: true,
      account: true,
      payouts: true,
    });
    expect(put.statusCode).toBe(200);
    expect((await agent.get('/api/notifications/preferences')).json()).toMatchObject({
      bookings: false,
      messages: true,
    });
    await ctx().services.notifications.notify({
      userId,
      type: 'RESERVATION_CANCELLED',
      message: 'Cancelled.',
    });
    await ctx().services.notifications.notify({
      userId,
      type: 'MESSAGE_RECEIVED',
      message: 'New message from Paula.',
    });
    await expect.poll(async () => (await outboxTo(ctx(), 'quiet@example.com')).length).toBe(2); // verification + message
    const subjects = (await outboxTo(ctx(), 'quiet@example.com')).map((m) => m.subject);
    expect(subjects).toContain('New message: New message from Paula.');
    expect(subjects).not.toContain('Booking cancelled: Cancelled.');
    // Each type's own email: its title in the subject, its action, and the switch it answers to.
    const [message] = (await outboxTo(ctx(), 'quiet@example.com')).filter((m) =>
      m.subject.startsWith('New message'),
    );
    expect(message?.text).toContain('"Messages" emails are on');
    const bad = await agent.request('PUT', '/api/notifications/preferences', { bookings: 'no' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists newest first, 15 at a time, with a cursor for the next page', async () => {
    const { agent, userId } = await signUp(ctx(), 'many@example.com');
    for (let i = 0; i < 20; i++) {
      await ctx().services.notifications.notify({ userId, type: 'MESSAGE_SENT', message: `Message ${i}` });
    }
    const first = (await agent.get('/api/notifications')).json();
    expect(first.notifications).toHaveLength(15);
    expect(first.total).toBe(20);
    const second = (
      await agent.get(`/api/notifications?before=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.notifications).toHaveLength(5);
    // Newest first across both pages, with nothing skipped or repeated. (Two notifications sent
    // within the same millisecond share created_at on PGlite, whose clock ticks in milliseconds;
    // the keyset then orders them by id, so the test does not assume which comes first.)
    const all = [...first.notifications, ...second.notifications] as {
      message: string;
      created_at: string;
    }[];
    const times = all.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((n) => n.message))).toEqual(
      new Set(Array.from({ length: 20 }, (_, i) => `Message ${i}`)),
    );
    const newest = Math.max(...times);
    expect(all.filter((n) => Date.parse(n.created_at) === newest).map((n) => n.message)).toContain(
      'Message 19',
    );
    expect(second.nextCursor).toBeNull();
    expect((await agent.get('/api/notifications?limit=500')).statusCode).toBe(400);
    expect((await agent.get('/api/notifications?before=nonsense')).statusCode).toBe(400);
  });

  it('marks all viewed, marks one read, deletes one — each only for its owner', async () => {
    const owner = await signUp(ctx(), 'owner@example.com');
    const other = await signUp(ctx(), 'other@example.com');
    const a = await ctx().services.notifications.notify({
      userId: owner.userId,
      type: 'MESSAGE_SENT',
      message: 'A',
    });
    const b = await ctx().services.notifications.notify({
      userId: owner.userId,
      type: 'MESSAGE_SENT',
      message: 'B',
    });

    expect((await other.agent.post(`/api/notifications/${a.id}/read`)).statusCode).toBe(404);
    expect((await other.agent.request('DELETE', `/api/notifications/${a.id}`)).statusCode).toBe(404);
    expect((await other.agent.post('/api/notifications/mark-all-viewed')).json()).toEqual({ updated: 0 });
    expect((await owner.agent.get('/api/notifications/unviewed-count')).json()).toEqual({ count: 2 });

    expect((await owner.agent.post('/api/notifications/mark-all-viewed')).json()).toEqual({ updated: 2 });
    expect((await owner.agent.get('/api/notifications/unviewed-count')).json()).toEqual({ count: 0 });

    const read = await owner.agent.post(`/api/notifications/${a.id}/read`);
    expect(read.json().notification).toMatchObject({ id: a.id, read: true, viewed: true });
    expect((await owner.agent.request('DELETE', `/api/notifications/${b.id}`)).statusCode).toBe(204);
    const left = (await owner.agent.get('/api/notifications')).json();
    expect(left.notifications.map((n: { id: string }) => n.id)).toEqual([a.id]);
    expect((await owner.agent.post('/api/notifications/not-a-uuid/read')).statusCode).toBe(400);
  });

  it('refuses anonymous callers and disabled accounts', async () => {
    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get('/api/notifications')).statusCode).toBe(401);
    expect((await anonymous.post('/api/notifications/mark-all-viewed')).statusCode).toBe(401);
    const { agent, userId } = await signUp(ctx(), 'blocked@example.com');
    await updateProfile(ctx().services.db, userId, { is_deleted: true });
    expect((await agent.get('/api/notifications')).statusCode).toBe(403);
  });

  it('tells every admin, and only admins', async () => {
    const admin1 = await signUp(ctx(), 'a1@example.com');
    const admin2 = await signUp(ctx(), 'a2@example.com');
    const user = await signUp(ctx(), 'u@example.com');
    await updateProfile(ctx().services.db, admin1.userId, { is_admin: true });
    await updateProfile(ctx().services.db, admin2.userId, { is_admin: true });
    const rows = await ctx().services.notifications.notifyAdmins({
      type: 'USER_REGISTERED',
      message: 'A new user registered.',
    });
    expect(rows.map((r) => r.user_id).sort()).toEqual([admin1.userId, admin2.userId].sort());
    expect((await user.agent.get('/api/notifications')).json().total).toBe(0);
  });

  it('stores, pushes and mails nothing when the surrounding transaction rolls back', async () => {
    const { userId } = await signUp(ctx(), 'rollback@example.com');
    const events: RealtimeEvent[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    await expect(
      ctx()
        .services.db.transaction()
        .execute(async (trx) => {
          await ctx().services.notifications.notify(
            { userId, type: 'RESERVATION_CANCELLED', message: 'never' },
            trx,
          );
          throw new Error('boom');
        }),
    ).rejects.toThrow('boom');
    // Events arrive in commit order: once this later one is here, a pushed notification would be too.
    await ctx().services.realtime.bus.publish(`user:${userId}`, 'marker', {});
    await expect.poll(() => events.some((event) => event.event === 'marker')).toBe(true);
    stop();
    expect(events.filter((event) => event.event === 'notification')).toEqual([]);
    expect(await ctx().services.notifications.totalCount(userId)).toBe(0);
    await ctx().services.notifications.sendPendingEmails();
    expect((await outboxTo(ctx(), 'rollback@example.com')).map((m) => m.subject)).not.toContain('never');
  });

  it('pushes each event as exactly the JSON of the record it returns, awkward text included', async () => {
    const users = await createAccounts(ctx(), 3);
    const texts = new Map<string, string>();
    const stop = ctx().services.realtime.bus.onEncoded((channel, text) => texts.set(channel, text));
    const awkward = 'He said "no"\nthen left \\ ü 🚽 \u2028 </script>';
    const records = await ctx().services.notifications.notifyMany(
      users.map((u, i) => ({
        userId: u.id,
        type: i === 1 ? ('MESSAGE_SENT' as const) : ('booking_cancelled_blackout' as const),
        message: i === 0 ? awkward : `Plain ${i}`,
        meta: i === 0 ? { note: awkward, nested: { list: [1, 'two', null] } } : {},
      })),
    );
    await expect.poll(() => texts.size).toBe(3);
    stop();
    for (const record of records) {
      expect(texts.get(`user:${record.user_id}`)).toBe(
        JSON.stringify({ channel: `user:${record.user_id}`, event: 'notification', payload: record }),
      );
    }
    expect(records[0]?.meta).toEqual({ note: awkward, nested: { list: [1, 'two', null] } });
  });

  it('fans out: one row and one live event per user, and every wanted email copy at once', async () => {
    const users = await createAccounts(ctx(), 60);
    const [quiet] = users as [{ id: string; email: string }];
    await ctx().services.directory.saveEmailPreferences(quiet.id, { bookings: false });
    const events: RealtimeEvent[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    const records = await ctx()
      .services.db.transaction()
      .execute((trx) =>
        ctx().services.notifications.notifyMany(
          users.map((u, i) => ({
            userId: u.id,
            type: 'booking_cancelled_blackout' as const,
            message: `Booking ${i} was cancelled: the host closed the bathroom that day.`,
            meta: { booking_id: `b${i}` },
          })),
          trx,
        ),
      );
    expect(records.map((r) => r.user_id)).toEqual(users.map((u) => u.id));
    expect(records[7]).toMatchObject({ viewed: false, read: false, meta: { booking_id: 'b7' } });
    expect(records[7]?.created_at).toBeInstanceOf(Date);

    // Each user is told once, on their own channel, with the stored record.
    await expect.poll(() => events.length).toBe(60);
    stop();
    for (const [i, user] of users.entries()) {
      const own = events.filter((e) => e.channel === `user:${user.id}`);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({
        event: 'notification',
        payload: { id: records[i]?.id, user_id: user.id, meta: { booking_id: `b${i}` } },
      });
    }
    const stored = await ctx().services.notifications.list(users[7]?.id as string);
    expect(stored).toEqual([{ ...records[7] }]);

    // All 59 wanted copies go out in the flush after the notify (more than one batch of 50), and
    // the user who switched bookings off gets none.
    const emailStates = async () =>
      Object.fromEntries(
        (
          await ctx()
            .services.db.selectFrom('notifications')
            .select(['user_id', 'email_state'])
            .where(
              'user_id',
              'in',
              users.map((u) => u.id),
            )
            .execute()
        ).map((row) => [row.user_id, row.email_state]),
      );
    await expect
      .poll(async () => Object.values(await emailStates()).filter((state) => state === 'sent').length, {
        timeout: 15_000,
      })
      .toBe(59);
    expect((await emailStates())[quiet.id]).toBe('none');
    const copies = await ctx()
      .services.db.selectFrom('outbox_messages')
      .select('recipient')
      .where('recipient', 'like', 'fan-%')
      .execute();
    expect(copies.map((c) => c.recipient).sort()).toEqual(
      users
        .slice(1)
        .map((u) => u.email)
        .sort(),
    );
  });

  it('returns from sendPendingEmails only once the copies its own background send had claimed are out', async () => {
    const { userId } = await signUp(ctx(), 'slow-mail@example.com');
    const { db, directory, email, realtime } = ctx().services;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The background send claims the copy, then waits here (a slow SMTP server, a cold template).
    const notifications = createNotificationService({
      db,
      bus: realtime.bus,
      directory,
      email: { ...email, send: async (input) => held.then(() => email.send(input)) },
      appUrl: 'http://localhost:3000',
      log: { error: () => {} },
    });
    const { id } = await notifications.notify({
      userId,
      type: 'RESERVATION_CONFIRMED',
      message: 'Slow but sure.',
    });
    const state = async () =>
      (
        await db
          .selectFrom('notifications')
          .select('email_state')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).email_state;
    await expect.poll(state).toBe('sending');

    let returned = false;
    const sweep = notifications.sendPendingEmails().then(() => {
      returned = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(returned).toBe(false);
    release();
    await sweep;
    expect(await state()).toBe('sent');
    expect((await outboxTo(ctx(), 'slow-mail@example.com')).map((m) => m.subject)).toContain(
      'Booking confirmed: Slow but sure.',
    );
    notifications.stop();
  });
});
