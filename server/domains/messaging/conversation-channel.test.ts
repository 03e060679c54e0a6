import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { bookingCast, bookOk, publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { connect, subscribe } from '../realtime/socket-test-support.ts';
import { conversationChannel } from './conversation-channel.ts';

/** A booking's conversation channel: its guest and its host, nobody else (ADR 050, PRODUCT.md). */

describeWithApp('realtime: a booking conversation channel', (ctx) => {
  it('lets the guest and the host listen and both receive its events; refuses everyone else', async () => {
    const { host, guest, otherGuest, otherHost, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const booking = await bookOk(guest, bathroomId, startIn(2));
    const channel = conversationChannel(booking.id);
    const app = ctx().app;

    const parties = [await connect(app, guest.agent), await connect(app, host.agent)];
    for (const party of parties)
      expect(await subscribe(party, channel)).toEqual({ type: 'subscribed', channel });

    const outsiders = await Promise.all(
      [otherGuest, otherHost, admin].map((member) => connect(app, member.agent)),
    );
    for (const outsider of outsiders) {
      expect(await subscribe(outsider, channel)).toMatchObject({ type: 'error', channel });
    }
    // A conversation of no booking, and one that is not a booking id at all.
    expect(await subscribe(parties[0]!, conversationChannel(randomUUID()))).toMatchObject({ type: 'error' });
    expect(await subscribe(parties[0]!, 'conversation:not-a-booking')).toMatchObject({ type: 'error' });
    // Anonymous visitors cannot open a socket at all.
    await expect(connect(app, new TestAgent(app))).rejects.toThrow(/401/);

    await ctx().services.realtime.bus.publish(channel, 'message', { id: 'm1', body: 'On my way' });
    for (const party of parties) {
      expect(await party.messages.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        channel,
        event: 'message',
        payload: { id: 'm1', body: 'On my way' },
      });
    }
    // The outsiders got nothing: a heartbeat round trip shows their queue is drained.
    for (const outsider of outsiders) {
      outsider.socket.send(JSON.stringify({ type: 'heartbeat' }));
      await outsider.messages.next((m) => m.type === 'heartbeat_ok');
      expect(outsider.messages.received.filter((m) => m.type === 'event')).toEqual([]);
    }
    for (const connection of [...parties, ...outsiders]) connection.socket.terminate();
  });
});
