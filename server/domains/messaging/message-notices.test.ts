import { expect, it } from 'vitest';
import { specNotificationActions } from '../../../common/notification-actions.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { createBookingSweep } from '../bookings/booking-sweep.ts';
import { plusMinutes } from '../bookings/booking-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';
import { createMessageNotices } from './message-notices.ts';
import { confirmedBooking, deleteMessage, messagingCast, sendOk } from './messaging-test-support.ts';

/** The MESSAGE_* notices (ADR 122): who gets which, when, with which button; the held email. */

async function notices(ctx: () => TestContext, userId: string, type?: string) {
  const rows = await ctx()
    .services.db.selectFrom('notifications')
    .select(['id', 'notification_type', 'message', 'meta', 'email_state'])
    .where('user_id', '=', userId)
    .where('notification_type', 'like', 'MESSAGE_%')
    .orderBy('created_at')
    .execute();
  return type ? rows.filter((row) => row.notification_type === type) : rows;
}

/** The "New message" emails in the outbox for an address (the sender has run first). */
async function messageMails(ctx: () => TestContext, email: string) {
  await ctx().services.notifications.sendPendingEmails();
  const rows = await ctx()
    .services.db.selectFrom('outbox_messages')
    .select(['subject', 'text'])
    .where('recipient', '=', email)
    .execute();
  return rows.filter((row) => row.subject.startsWith('New message'));
}

/** The messaging sweep on a clock the test moves, as another server process would run it. */
const sweeperAt = (ctx: () => TestContext, now: Date) =>
  createMessageNotices({
    db: ctx().services.db,
    notifications: ctx().services.notifications,
    now: () => now,
  });

const minutesFromNow = (minutes: number) => plusMinutes(new Date(), minutes);

async function startOf(ctx: () => TestContext, bookingId: string) {
  const row = await ctx()
    .services.db.selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select(['k.starts_at', 'b.title'])
    .where('k.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  // A plain title (no pattern characters): the expected texts below are patterns around it.
  return { startsAt: new Date(row.starts_at), title: row.title };
}

const readUpTo = (member: Member, bookingId: string, messageId: string) =>
  member.agent.post(`/api/messages/${bookingId}/read`, { upToMessageId: messageId });

describeWithApp('messaging: notices', (ctx) => {
  it('tells the recipient of a new message in the app at once, with View Message; the sender gets nothing', async () => {
    const { guest, host, bathroomId, bookingId } = await messagingCast(ctx);
    const { startsAt, title } = await startOf(ctx, bookingId);
    await sendOk(guest, bookingId, 'Is the side door open?', '0b7a3f1c-5d2e-4f60-9a8b-1c2d3e4f5a6b');
    // A retried optimistic send is one message, so one notice.
    await sendOk(guest, bookingId, 'Is the side door open?', '0b7a3f1c-5d2e-4f60-9a8b-1c2d3e4f5a6b');

    const [received, ...more] = await notices(ctx, host.id);
    expect(more).toEqual([]);
    expect(received?.notification_type).toBe('MESSAGE_RECEIVED');
    expect(received?.message).toMatch(
      new RegExp(`^Gina sent you a message about the booking at ${title} on .+\\.$`),
    );
    expect(received?.meta).toEqual({
      booking_id: bookingId,
      bathroom_id: bathroomId,
      sender_id: guest.id,
      booking: { start_time: startsAt.toISOString(), bathroom: { title } },
    });
    expect(specNotificationActions('MESSAGE_RECEIVED', received?.meta)).toEqual([
      { label: 'View Booking', to: `/bookings/${bookingId}` },
      { label: 'View Message', to: `/messages?booking=${bookingId}&contact=${guest.id}` },
    ]);
    // No MESSAGE_SENT receipt for one's own message (ADR 122), and no email at once.
    expect(await notices(ctx, guest.id)).toEqual([]);
    expect(received?.email_state).toBe('deferred');
    expect(await messageMails(ctx, 'host@example.com')).toEqual([]);
  });

  it('emails a message still unread ten minutes later, once, and not before', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    await sendOk(guest, bookingId, 'Running late, there in 15.');

    expect(await sweeperAt(ctx, minutesFromNow(9)).sweep()).toMatchObject({ emailsQueued: 0 });
    expect(await messageMails(ctx, 'host@example.com')).toEqual([]);

    const later = sweeperAt(ctx, minutesFromNow(10.5));
    expect(await later.sweep()).toMatchObject({ emailsQueued: 1 });
    const mails = await messageMails(ctx, 'host@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^New message: Gina sent you a message about the booking at /),
    ]);
    expect(mails[0]?.text).toContain('"Messages" emails are on');
    expect((await notices(ctx, host.id, 'MESSAGE_RECEIVED'))[0]?.email_state).toBe('sent');
    // Every message is decided once: further sweeps, from any process, send nothing more.
    const [again, otherProcess] = await Promise.all([
      later.sweep(),
      sweeperAt(ctx, minutesFromNow(12)).sweep(),
    ]);
    expect(again.emailsQueued + otherProcess.emailsQueued).toBe(0);
    expect(await messageMails(ctx, 'host@example.com')).toHaveLength(1);
  });

  it('sends no email for a message read or deleted in the meantime', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const read = await sendOk(guest, bookingId, 'Where do I park?');
    expect((await readUpTo(host, bookingId, read.id)).statusCode).toBe(200);
    const gone = await sendOk(host, bookingId, 'Typo, ignore');
    expect((await deleteMessage(host, bookingId, gone.id)).statusCode).toBe(200);

    expect(await sweeperAt(ctx, minutesFromNow(11)).sweep()).toMatchObject({ emailsQueued: 0 });
    expect(await messageMails(ctx, 'host@example.com')).toEqual([]);
    expect(await messageMails(ctx, 'guest@example.com')).toEqual([]);
    const held = [
      ...(await notices(ctx, host.id, 'MESSAGE_RECEIVED')),
      ...(await notices(ctx, guest.id, 'MESSAGE_RECEIVED')),
    ];
    expect(held.map((row) => row.email_state)).toEqual(['none', 'none']);
  });

  it('emails each party at most once an hour per conversation', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    await sendOk(guest, bookingId, 'Hello!');
    expect(await sweeperAt(ctx, minutesFromNow(11)).sweep()).toMatchObject({ emailsQueued: 1 });

    // Within the hour: another unread message to the host is not emailed; the guest's turn is her own.
    await sendOk(guest, bookingId, 'Are you there?');
    await sendOk(host, bookingId, 'Yes, just saw this.');
    expect(await sweeperAt(ctx, minutesFromNow(30)).sweep()).toMatchObject({ emailsQueued: 1 });
    expect(await messageMails(ctx, 'host@example.com')).toHaveLength(1);
    expect(await messageMails(ctx, 'guest@example.com')).toHaveLength(1);

    // An hour after the first email, a new unread message is emailed again.
    await sendOk(guest, bookingId, 'One more thing.');
    expect(await sweeperAt(ctx, minutesFromNow(72)).sweep()).toMatchObject({ emailsQueued: 1 });
    expect(await messageMails(ctx, 'host@example.com')).toHaveLength(2);
  });

  it('sends no message email to someone whose Messages emails are off', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const put = await host.agent.request('PUT', '/api/notifications/preferences', {
      bookings: true,
      messages: false,
      reviews: true,
      refunds: true,
      account: true,
      payouts: true,
    });
    expect(put.statusCode).toBe(200);
    await sendOk(guest, bookingId, 'See you soon');
    await sweeperAt(ctx, minutesFromNow(11)).sweep();
    expect(await messageMails(ctx, 'host@example.com')).toEqual([]);
    expect((await notices(ctx, host.id, 'MESSAGE_RECEIVED'))[0]?.email_state).toBe('none');
  });

  it('tells the writer once per read that marks something, with Send Message back to the reader', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const { title } = await startOf(ctx, bookingId);
    await sendOk(guest, bookingId, 'First');
    const second = await sendOk(guest, bookingId, 'Second');
    expect((await readUpTo(host, bookingId, second.id)).statusCode).toBe(200);
    // Reading again marks nothing: no second notice. Nor does the reader hear of their own read.
    expect((await readUpTo(host, bookingId, second.id)).statusCode).toBe(200);

    const read = await notices(ctx, guest.id, 'MESSAGE_READ');
    expect(read).toHaveLength(1);
    expect(read[0]?.message).toMatch(
      new RegExp(`^Hana read your messages about your booking at ${title} on .+\\.$`),
    );
    expect(read[0]?.email_state).toBe('none');
    expect(specNotificationActions('MESSAGE_READ', read[0]?.meta)).toEqual([
      { label: 'View Booking', to: `/bookings/${bookingId}` },
      { label: 'Send Message', to: `/messages?booking=${bookingId}&contact=${host.id}` },
    ]);
    expect(await notices(ctx, host.id, 'MESSAGE_READ')).toEqual([]);

    const reply = await sendOk(host, bookingId, 'Got them');
    expect((await readUpTo(guest, bookingId, reply.id)).statusCode).toBe(200);
    expect((await notices(ctx, host.id, 'MESSAGE_READ'))[0]?.message).toMatch(
      /^Gina read your message about the booking/,
    );
  });

  it('tells the other party when a message is deleted, once, in the app only', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const sent = await sendOk(host, bookingId, 'The code is 4411');
    expect((await deleteMessage(host, bookingId, sent.id)).statusCode).toBe(200);
    expect((await deleteMessage(host, bookingId, sent.id)).statusCode).toBe(200);

    const deleted = await notices(ctx, guest.id, 'MESSAGE_DELETED');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.message).toMatch(/^Hana deleted a message about your booking at .+\.$/);
    expect(deleted[0]?.message).not.toContain('4411');
    expect(deleted[0]?.email_state).toBe('none');
    expect(specNotificationActions('MESSAGE_DELETED', deleted[0]?.meta)[1]).toEqual({
      label: 'Send Message',
      to: `/messages?booking=${bookingId}&contact=${host.id}`,
    });
    expect(await notices(ctx, host.id, 'MESSAGE_DELETED')).toEqual([]);
  });

  it('reminds a host of an unanswered guest 30 minutes before the start, once across processes', async () => {
    const { guest, host, bathroomId, bookingId } = await messagingCast(ctx);
    const { startsAt, title } = await startOf(ctx, bookingId);
    // Answered, and silent, bookings of the same host starting at the same moment get nothing.
    const answered = await confirmedBooking(ctx, guest, bathroomId, plusMinutes(startsAt, 24 * 60));
    await sendOk(guest, bookingId, 'Is there a towel?');
    await sendOk(guest, answered, 'Can I come early?');
    await sendOk(host, answered, 'Yes, any time after 2.');

    expect(await sweeperAt(ctx, plusMinutes(startsAt, -31)).sweep()).toMatchObject({ reminded: 0 });
    const [first, second] = await Promise.all([
      sweeperAt(ctx, plusMinutes(startsAt, -29)).sweep(),
      sweeperAt(ctx, plusMinutes(startsAt, -29)).sweep(),
    ]);
    expect(first.reminded + second.reminded).toBe(1);
    expect(await sweeperAt(ctx, plusMinutes(startsAt, -5)).sweep()).toMatchObject({ reminded: 0 });
    expect(await sweeperAt(ctx, plusMinutes(startsAt, 24 * 60 - 29)).sweep()).toMatchObject({ reminded: 0 });

    const reminders = await notices(ctx, host.id, 'MESSAGE_REMINDER');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.message).toMatch(
      new RegExp(`^Gina is waiting for your answer: the booking at ${title} on .+ starts in 29 minutes\\.$`),
    );
    expect(reminders[0]?.meta).toMatchObject({ booking_id: bookingId, user_id: guest.id });
    // Queued for email; the app's outbox worker may already have claimed or sent it (a CI run on
    // PostgreSQL saw 'sending' here).
    expect(['pending', 'sending', 'sent']).toContain(reminders[0]?.email_state);
    expect(specNotificationActions('MESSAGE_REMINDER', reminders[0]?.meta)[1]).toEqual({
      label: 'Send Message',
      to: `/messages?booking=${bookingId}&contact=${guest.id}`,
    });
    expect(await notices(ctx, guest.id, 'MESSAGE_REMINDER')).toEqual([]);
  });

  it('invites both parties to a last word when the booking completes, once', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const { startsAt, title } = await startOf(ctx, bookingId);
    const sweep = createBookingSweep({
      db: ctx().services.db,
      notifications: ctx().services.notifications,
      messaging: ctx().services.messaging,
      reviews: ctx().services.reviews,
      now: () => plusMinutes(startsAt, 6 * 60),
    });
    expect(await notices(ctx, guest.id, 'MESSAGE_REVIEW')).toEqual([]);
    expect(await sweep.sweep()).toMatchObject({ completed: 1 });
    expect(await sweep.sweep()).toMatchObject({ completed: 0 });

    const toGuest = await notices(ctx, guest.id, 'MESSAGE_REVIEW');
    const toHost = await notices(ctx, host.id, 'MESSAGE_REVIEW');
    expect(toGuest.map((row) => row.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Anything else to tell Hana about your booking at ${title} on .+\\? Messages stay open for 7 days\\.$`,
        ),
      ),
    ]);
    expect(toHost.map((row) => row.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Anything else to tell Gina about the booking at ${title} on .+\\? Messages stay open for 7 days\\.$`,
        ),
      ),
    ]);
    expect(specNotificationActions('MESSAGE_REVIEW', toGuest[0]?.meta)[1]).toEqual({
      label: 'Send Message',
      to: `/messages?booking=${bookingId}&contact=${host.id}`,
    });
    expect(specNotificationActions('MESSAGE_REVIEW', toHost[0]?.meta)[1]).toEqual({
      label: 'Send Message',
      to: `/messages?booking=${bookingId}&contact=${guest.id}`,
    });
    expect(toGuest[0]?.meta).toMatchObject({ booking: { bathroom: { title } } });
  });
});
