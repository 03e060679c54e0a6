import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ConversationPage } from '../../../common/schemas/messages.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { startIn } from '../bookings/booking-test-support.ts';
import { signUp } from '../properties/property-test-support.ts';
import { connect, subscribe } from '../realtime/socket-test-support.ts';
import { conversationChannel } from './conversation-channel.ts';
import {
  confirmedBooking,
  deleteMessage,
  disabledMember,
  messagingCast,
  sendOk,
} from './messaging-test-support.ts';

/**
 * Who may do what with a booking's conversation (ADR 119): its guest and host read and write, an
 * admin reads, anyone else meets a 404 as if it did not exist; anonymous callers 401, disabled
 * accounts 403, on every route.
 */

type Method = 'GET' | 'POST' | 'DELETE';
type Route = { name: string; method: Method; url: string; body?: unknown };

describeWithApp('messaging: who may reach a conversation', (ctx) => {
  it('enforces the matrix on every messaging route', async () => {
    const cast = await messagingCast(ctx);
    const { guest, host, otherGuest, otherHost, admin, bookingId, bathroomId } = cast;
    // A disabled guest with a conversation of their own: being a party does not let them in.
    const gone = await signUp(ctx, 'gone@example.com');
    const goneBooking = await confirmedBooking(ctx, gone, bathroomId, startIn(3));
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const anonymous = new TestAgent(ctx().app);
    const fromGuest = await sendOk(guest, bookingId, 'Running 5 minutes late');

    const writes = (id: string, messageId: string): Route[] => [
      { name: 'send', method: 'POST', url: `/api/messages/${id}`, body: { content: 'Hello' } },
      { name: 'read', method: 'POST', url: `/api/messages/${id}/read`, body: { upToMessageId: messageId } },
      { name: 'typing', method: 'POST', url: `/api/messages/${id}/typing` },
      { name: 'delete', method: 'DELETE', url: `/api/messages/${id}/${messageId}` },
    ];
    const conversationRoutes: Route[] = [
      { name: 'page', method: 'GET', url: `/api/messages/${bookingId}` },
      ...writes(bookingId, fromGuest.id),
    ];
    const ownRoutes: Route[] = [
      { name: 'list', method: 'GET', url: '/api/messages/conversations' },
      { name: 'unread', method: 'GET', url: '/api/messages/unread-count' },
    ];
    const call = (agent: TestAgent, route: Route) =>
      agent.request(route.method, route.url, route.body ?? (route.method === 'POST' ? {} : undefined));

    for (const route of [...ownRoutes, ...conversationRoutes]) {
      expect((await call(anonymous, route)).statusCode, `anonymous ${route.name}`).toBe(401);
      const disabled = await call(gone.agent, route);
      expect(disabled.statusCode, `disabled ${route.name}`).toBe(403);
      expect(disabled.json().error).toBe('account_disabled');
    }
    for (const route of [
      { name: 'own page', method: 'GET' as const, url: `/api/messages/${goneBooking}` },
      ...writes(goneBooking, randomUUID()),
    ]) {
      const disabled = await call(gone.agent, route);
      expect(disabled.json().error, `disabled party ${route.name}`).toBe('account_disabled');
    }

    // Everyone signed in has their own list and count; outsiders see nothing of this booking.
    for (const member of [guest, host, otherGuest, otherHost, admin]) {
      expect((await call(member.agent, ownRoutes[0] as Route)).statusCode).toBe(200);
      expect((await call(member.agent, ownRoutes[1] as Route)).statusCode).toBe(200);
    }
    for (const outsider of [otherGuest, otherHost]) {
      const list = (await outsider.agent.get('/api/messages/conversations')).json();
      expect(list.conversations).toEqual([]);
      for (const route of conversationRoutes) {
        const response = await call(outsider.agent, route);
        expect(response.statusCode, `outsider ${route.name}`).toBe(404);
        expect(response.json().error).toBe('not_found');
      }
    }

    // The admin reads, read-only, and writes nothing.
    const asAdmin = await admin.agent.get(`/api/messages/${bookingId}`);
    expect(asAdmin.statusCode).toBe(200);
    const adminPage = asAdmin.json() as ConversationPage;
    expect(adminPage.conversation).toMatchObject({ role: 'admin', canSend: false, unreadCount: 0 });
    expect(adminPage.conversation.closedReason).toMatch(/Admins/);
    expect(adminPage.messages.map((m) => m.content)).toEqual(['Running 5 minutes late']);
    for (const route of conversationRoutes.slice(1)) {
      const response = await call(admin.agent, route);
      expect(response.statusCode, `admin ${route.name}`).toBe(403);
      expect(response.json().error).toBe('forbidden');
    }

    // The host reads, writes, marks read and types; may not delete the guest's message.
    const hostPage = (await host.agent.get(`/api/messages/${bookingId}`)).json() as ConversationPage;
    expect(hostPage.conversation).toMatchObject({
      role: 'host',
      canSend: true,
      closedReason: null,
      unreadCount: 1,
    });
    const [send, read, typing, remove] = writes(bookingId, fromGuest.id) as [Route, Route, Route, Route];
    expect((await call(host.agent, send)).statusCode).toBe(201);
    expect((await call(host.agent, read)).json()).toEqual({ count: 0 });
    expect((await call(host.agent, typing)).statusCode).toBe(204);
    const notHers = await call(host.agent, remove);
    expect(notHers.statusCode).toBe(403);
    expect(notHers.json().message).toMatch(/only your own/);

    // The guest does everything, including deleting her own message.
    const guestPage = (await guest.agent.get(`/api/messages/${bookingId}`)).json() as ConversationPage;
    expect(guestPage.conversation).toMatchObject({ role: 'guest', canSend: true, unreadCount: 1 });
    expect((await call(guest.agent, send)).statusCode).toBe(201);
    expect((await call(guest.agent, typing)).statusCode).toBe(204);
    const lastFromHost = guestPage.messages.at(-1)?.id as string;
    const guestRead = await guest.agent.post(`/api/messages/${bookingId}/read`, {
      upToMessageId: lastFromHost,
    });
    expect(guestRead.json()).toEqual({ count: 0 });
    expect((await call(guest.agent, remove)).statusCode).toBe(200);

    // A booking that does not exist at all answers like one of somebody else's.
    const nowhere = await guest.agent.get(`/api/messages/${randomUUID()}`);
    expect(nowhere.statusCode).toBe(404);
    expect((await deleteMessage(guest, bookingId, randomUUID())).statusCode).toBe(404);
  });

  it("lets only the booking's guest and host listen to its conversation channel", async () => {
    const { guest, host, otherGuest, otherHost, admin, bookingId, bathroomId } = await messagingCast(ctx);
    const otherBooking = await confirmedBooking(ctx, otherGuest, bathroomId, startIn(4));
    const app = ctx().app;
    const channel = conversationChannel(bookingId);
    const parties = [await connect(app, guest.agent), await connect(app, host.agent)];
    for (const party of parties)
      expect(await subscribe(party, channel)).toEqual({ type: 'subscribed', channel });
    // The guest of this booking may not listen to another guest's booking at the same bathroom.
    expect(await subscribe(parties[0]!, conversationChannel(otherBooking))).toMatchObject({ type: 'error' });
    const outsiders = await Promise.all([otherGuest, otherHost, admin].map((m) => connect(app, m.agent)));
    for (const outsider of outsiders)
      expect(await subscribe(outsider, channel)).toMatchObject({ type: 'error', channel });
    // A disabled account cannot open a socket.
    const gone = await disabledMember(ctx, 'gone@example.com');
    await expect(connect(app, gone.agent)).rejects.toThrow(/40[13]/);
    await expect(connect(app, new TestAgent(app))).rejects.toThrow(/401/);
    for (const connection of [...parties, ...outsiders]) connection.socket.terminate();
  });
});
