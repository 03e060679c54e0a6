import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { MESSAGE_EVENTS, type Message, SEND_MESSAGE_ACTION } from '../../../common/schemas/messages.ts';
import { describeWithApp } from '../../test/harness.ts';
import { updateProfile } from '../auth/repository.ts';
import type { Member } from '../properties/property-test-support.ts';
import type { ServerMessage } from '../realtime/gateway.ts';
import { MAX_PENDING_REQUESTS_PER_SOCKET } from '../realtime/socket-requests.ts';
import { connect, subscribe } from '../realtime/socket-test-support.ts';
import { conversationChannel } from './conversation-channel.ts';
import { messagingCast, pastBooking, sendOk } from './messaging-test-support.ts';
import { SEND_LIMIT_PER_MINUTE } from './routes.ts';

/**
 * Sending a message over the tab's open realtime socket (ADR 149): the same rules, answers and
 * budget as POST /api/messages/:bookingId, and a session confirmed for every request.
 */

type Connection = Awaited<ReturnType<typeof connect>>;
type Reply = Extract<ServerMessage, { type: 'reply' }>;

let nextId = 1;
async function request(connection: Connection, payload: unknown, action = SEND_MESSAGE_ACTION) {
  const id = nextId++;
  connection.socket.send(JSON.stringify({ type: 'request', id, action, payload }));
  return (await connection.messages.next((m) => m.type === 'reply' && m.id === id)) as Reply;
}

const storedCount = async (ctx: Parameters<typeof messagingCast>[0], bookingId: string) =>
  Number(
    (
      await ctx()
        .services.db.selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .where('c.booking_id', '=', bookingId)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeWithApp('messaging: sending over the realtime socket', (ctx) => {
  it('answers as the POST does and delivers to the other party; a retried clientId is stored once', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const guestTab = await connect(ctx().app, guest.agent);
    const hostTab = await connect(ctx().app, host.agent);
    await subscribe(hostTab, conversationChannel(bookingId));

    const clientId = randomUUID();
    const reply = await request(guestTab, { bookingId, content: '  Running 5 minutes late ', clientId });
    expect(reply.status).toBe(201);
    const message = (reply.body as { message: Message }).message;
    expect(message).toMatchObject({ content: 'Running 5 minutes late', senderId: guest.id, bookingId });
    const heard = await hostTab.messages.next(
      (m) => m.type === 'event' && m.event === MESSAGE_EVENTS.created,
    );
    expect(heard).toMatchObject({ payload: { message: { id: message.id } } });

    const again = await request(guestTab, { bookingId, content: 'Running 5 minutes late', clientId });
    expect(again.status).toBe(201);
    expect((again.body as { message: Message }).message.id).toBe(message.id);
    // And over HTTP with the same clientId (the browser's fallback): still the first message.
    expect((await sendOk(guest, bookingId, 'Running 5 minutes late', clientId)).id).toBe(message.id);
    expect(await storedCount(ctx, bookingId)).toBe(1);

    const fromHost = await request(hostTab, { bookingId, content: 'No rush' });
    expect(fromHost.status).toBe(201);
    expect(await storedCount(ctx, bookingId)).toBe(2);
    guestTab.socket.terminate();
    hostTab.socket.terminate();
  });

  it('gives every other caller the status the POST gives them, and stores nothing for them', async () => {
    const { guest, otherGuest, otherHost, admin, bookingId } = await messagingCast(ctx);
    for (const [name, member] of [
      ['other guest', otherGuest],
      ['other host', otherHost],
      ['admin', admin],
    ] as Array<[string, Member]>) {
      const overHttp = await member.agent.post(`/api/messages/${bookingId}`, { content: 'Hi' });
      expect(overHttp.statusCode).toBeGreaterThanOrEqual(400);
      const tab = await connect(ctx().app, member.agent);
      const reply = await request(tab, { bookingId, content: 'Hi' });
      expect({ status: reply.status, body: reply.body }, name).toEqual({
        status: overHttp.statusCode,
        body: overHttp.json(),
      });
      tab.socket.terminate();
    }
    // Someone who is not a party meets a 404, as if the booking did not exist.
    const outsider = await connect(ctx().app, otherGuest.agent);
    expect((await request(outsider, { bookingId, content: 'Hi' })).status).toBe(404);
    outsider.socket.terminate();
    expect(await storedCount(ctx, bookingId)).toBe(0);

    // A closed conversation (ended more than 7 days ago) refuses with the POST's 409.
    const bathroomId = (
      await ctx()
        .services.db.selectFrom('bookings')
        .select('bathroom_id')
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow()
    ).bathroom_id;
    const old = await pastBooking(ctx, { guestId: guest.id, bathroomId, endedDaysAgo: 9 });
    await ctx().services.messaging.openConversation(ctx().services.db, old);
    const tab = await connect(ctx().app, guest.agent);
    const closed = await request(tab, { bookingId: old, content: 'Thanks again' });
    expect(closed.status).toBe(409);
    expect((closed.body as { message: string }).message).toMatch(/Messages close 7 days after a booking/);
    tab.socket.terminate();
  });

  it('names the field it refuses, and answers unknown actions and malformed requests', async () => {
    const { guest, bookingId } = await messagingCast(ctx);
    const tab = await connect(ctx().app, guest.agent);
    const cases: Array<[unknown, string]> = [
      [{ bookingId, content: '   ' }, 'content'],
      [{ bookingId, content: 'a\u0000b' }, 'content'],
      [{ bookingId, content: 'x'.repeat(2001) }, 'content'],
      [{ bookingId: 'not-a-booking', content: 'Hi' }, 'bookingId'],
      [{ bookingId, content: 'Hi', clientId: 'nope' }, 'clientId'],
      [{ bookingId, content: 'Hi', extra: true }, 'body'],
      ['just text', 'body'],
    ];
    for (const [payload, field] of cases) {
      const reply = await request(tab, payload);
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error' });
      expect((reply.body as { fields: Array<{ field: string }> }).fields[0]?.field).toBe(field);
    }
    expect((await request(tab, { bookingId, content: 'Hi' }, 'message.shout')).status).toBe(404);
    tab.socket.send(JSON.stringify({ type: 'request', action: SEND_MESSAGE_ACTION }));
    expect(await tab.messages.next((m) => m.type === 'error')).toMatchObject({
      reason: 'Malformed request.',
    });
    expect(await storedCount(ctx, bookingId)).toBe(0);
    tab.socket.terminate();
  });

  it('counts against the same per-person budget as the POST, and caps requests in flight', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    for (let index = 0; index < SEND_LIMIT_PER_MINUTE - 1; index++)
      await sendOk(guest, bookingId, `Ping ${index}`);
    const tab = await connect(ctx().app, guest.agent);
    expect((await request(tab, { bookingId, content: 'The last one' })).status).toBe(201);
    const refused = await request(tab, { bookingId, content: 'One more' });
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(
      (await guest.agent.post(`/api/messages/${bookingId}`, { content: 'And over HTTP' })).statusCode,
    ).toBe(429);
    expect(await storedCount(ctx, bookingId)).toBe(SEND_LIMIT_PER_MINUTE);

    // More unanswered requests than a socket may hold: the surplus is refused at once.
    const hostTab = await connect(ctx().app, host.agent);
    const burst = MAX_PENDING_REQUESTS_PER_SOCKET + 5;
    const first = nextId;
    for (let index = 0; index < burst; index++) {
      hostTab.socket.send(
        JSON.stringify({
          type: 'request',
          id: nextId++,
          action: SEND_MESSAGE_ACTION,
          payload: { bookingId, content: `${index}` },
        }),
      );
    }
    const replies: Reply[] = [];
    for (let id = first; id < first + burst; id++)
      replies.push((await hostTab.messages.next((m) => m.type === 'reply' && m.id === id)) as Reply);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(MAX_PENDING_REQUESTS_PER_SOCKET);
    tab.socket.terminate();
    hostTab.socket.terminate();
  });

  it('closes the socket of an account disabled since it connected, before storing anything', async () => {
    const { guest, bookingId } = await messagingCast(ctx);
    const tab = await connect(ctx().app, guest.agent);
    const closed = new Promise<number>((resolve) => tab.socket.on('close', (code) => resolve(code)));
    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    tab.socket.send(
      JSON.stringify({
        type: 'request',
        id: 1,
        action: SEND_MESSAGE_ACTION,
        payload: { bookingId, content: 'Hi' },
      }),
    );
    expect(await closed).toBe(4401);
    expect(await storedCount(ctx, bookingId)).toBe(0);
  });
});
