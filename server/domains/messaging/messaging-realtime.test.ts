import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { MESSAGE_EVENTS, TYPING_THROTTLE_MS } from '../../../common/schemas/messages.ts';
import { describeWithApp } from '../../test/harness.ts';
import { updateProfile } from '../auth/repository.ts';
import type { ServerMessage } from '../realtime/gateway.ts';
import { connect, subscribe } from '../realtime/socket-test-support.ts';
import { conversationChannel } from './conversation-channel.ts';
import { createMessagingService } from './messaging-service.ts';
import { messagingCast, sendOk } from './messaging-test-support.ts';

/** What the open tabs hear (common/schemas/messages.ts lists the events; ADR 119). */

type Connection = Awaited<ReturnType<typeof connect>>;

const eventOn = (connection: Connection, channel: string, event: string) =>
  connection.messages.next((m) => m.type === 'event' && m.channel === channel && m.event === event);

/** Waits for a heartbeat round trip, then returns the events that arrived before it. */
async function drained(connection: Connection): Promise<ServerMessage[]> {
  connection.socket.send(JSON.stringify({ type: 'heartbeat' }));
  await connection.messages.next((m) => m.type === 'heartbeat_ok');
  return connection.messages.received.filter((m) => m.type === 'event');
}

describeWithApp('messaging: realtime', (ctx) => {
  it('delivers sends, alerts, unread counts, receipts and deletions to the right channels', async () => {
    const { guest, host, otherGuest, bookingId } = await messagingCast(ctx);
    await updateProfile(ctx().services.db, guest.id, { profile_picture_url: 'https://example.com/gina.png' });
    const app = ctx().app;
    const channel = conversationChannel(bookingId);
    const guestTab = await connect(app, guest.agent);
    const hostTab = await connect(app, host.agent);
    const outsiderTab = await connect(app, otherGuest.agent);
    for (const [tab, member] of [
      [guestTab, guest],
      [hostTab, host],
    ] as const) {
      await subscribe(tab, channel);
      await subscribe(tab, `user:${member.id}`);
    }
    await subscribe(outsiderTab, `user:${otherGuest.id}`);

    const message = await sendOk(guest, bookingId, 'Running 5 minutes late', randomUUID());
    for (const tab of [guestTab, hostTab]) {
      expect(await eventOn(tab, channel, MESSAGE_EVENTS.created)).toMatchObject({ payload: { message } });
    }
    expect(await eventOn(hostTab, `user:${host.id}`, MESSAGE_EVENTS.created)).toEqual({
      type: 'event',
      channel: `user:${host.id}`,
      event: MESSAGE_EVENTS.created,
      payload: {
        message,
        alert: {
          id: message.id,
          bookingId,
          senderName: 'Gina',
          senderAvatar: 'https://example.com/gina.png',
          content: 'Running 5 minutes late',
          timestamp: message.createdAt,
          isRead: false,
        },
      },
    });
    expect(await eventOn(hostTab, `user:${host.id}`, MESSAGE_EVENTS.unread)).toMatchObject({
      payload: { count: 1 },
    });
    // The sender gets no alert of her own message; the outsider hears nothing at all.
    expect(
      (await drained(guestTab)).filter((m) => 'channel' in m && m.channel === `user:${guest.id}`),
    ).toEqual([]);
    expect(await drained(outsiderTab)).toEqual([]);

    // A retried send publishes nothing new.
    await sendOk(guest, bookingId, 'Running 5 minutes late', message.clientId as string);
    expect(await drained(hostTab)).toEqual([]);

    await host.agent.post(`/api/messages/${bookingId}/read`, { upToMessageId: message.id });
    expect(await eventOn(guestTab, channel, MESSAGE_EVENTS.read)).toMatchObject({
      payload: { readerId: host.id, readUpTo: message.createdAt },
    });
    expect(await eventOn(hostTab, `user:${host.id}`, MESSAGE_EVENTS.unread)).toMatchObject({
      payload: { count: 0 },
    });

    await guest.agent.request('DELETE', `/api/messages/${bookingId}/${message.id}`);
    expect(await eventOn(hostTab, channel, MESSAGE_EVENTS.deleted)).toMatchObject({
      payload: { message: { id: message.id, content: '', deletedAt: expect.any(String) } },
    });
    for (const tab of [guestTab, hostTab, outsiderTab]) tab.socket.terminate();
  });

  it('names a sender without a first name "User" in the alert', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    await updateProfile(ctx().services.db, guest.id, { first_name: '' });
    const hostTab = await connect(ctx().app, host.agent);
    await subscribe(hostTab, `user:${host.id}`);
    await sendOk(guest, bookingId, 'Where is the key?');
    expect(await eventOn(hostTab, `user:${host.id}`, MESSAGE_EVENTS.created)).toMatchObject({
      payload: { alert: { senderName: 'User', senderAvatar: null, content: 'Where is the key?' } },
    });
    hostTab.socket.terminate();
  });

  it('publishes typing at most once per 2 seconds per person and conversation, storing nothing', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const channel = conversationChannel(bookingId);
    const guestTab = await connect(ctx().app, guest.agent);
    await subscribe(guestTab, channel);

    expect((await host.agent.post(`/api/messages/${bookingId}/typing`)).statusCode).toBe(204);
    expect(await eventOn(guestTab, channel, MESSAGE_EVENTS.typing)).toMatchObject({
      payload: { userId: host.id, firstName: 'Hana' },
    });
    // Straight again: answered, not published.
    expect((await host.agent.post(`/api/messages/${bookingId}/typing`)).statusCode).toBe(204);
    expect(await drained(guestTab)).toEqual([]);
    expect(await ctx().services.db.selectFrom('messages').selectAll().execute()).toEqual([]);

    // The same rule on a clock the test moves.
    let now = new Date();
    const { bus } = ctx().services.realtime;
    const messaging = createMessagingService({ db: ctx().services.db, bus, now: () => now });
    const actor = { userId: guest.id, isAdmin: false };
    expect(await messaging.typing(actor, bookingId)).toBe(true);
    now = new Date(now.getTime() + TYPING_THROTTLE_MS - 1);
    expect(await messaging.typing(actor, bookingId)).toBe(false);
    now = new Date(now.getTime() + 1);
    expect(await messaging.typing(actor, bookingId)).toBe(true);
    guestTab.socket.terminate();
  });
});
