import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';
import { channelOf, MAX_EVENT_BYTES, packEvents, type RealtimeEvent } from './bus.ts';
import { connect as connectSocket } from './socket-test-support.ts';

async function signUp(ctx: TestContext, email: string) {
  const agent = new TestAgent(ctx.app);
  const { userId } = await signUpAndSignIn(agent, { email, password: 'a long enough password' });
  return { agent, userId };
}

const connect = (ctx: TestContext, agent: TestAgent) => connectSocket(ctx.app, agent);

describe('packing events into NOTIFY payloads', () => {
  it('fills each payload up to the limit, keeps the order, and sends a lone event as itself', () => {
    const texts = Array.from({ length: 100 }, (_, i) =>
      JSON.stringify({
        channel: `user:${i}`,
        event: 'notification',
        payload: { text: `ü${'x'.repeat(400)}` },
      }),
    );
    const payloads = packEvents(texts);
    expect(payloads.length).toBeLessThan(10);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(payloads.flatMap((p) => p.split('\n'))).toEqual(texts);
    expect(packEvents([texts[0] as string])).toEqual([texts[0]]);
    expect(packEvents([])).toEqual([]);
  });

  it("reads an event's channel from its text without parsing the rest", () => {
    const text = (channel: string, payload: unknown = { note: '","event":"x' }) =>
      JSON.stringify({ channel, event: 'notification', payload });
    expect(channelOf(text('user:abc'))).toBe('user:abc');
    expect(channelOf(text('odd "quoted" \\ name'))).toBe('odd "quoted" \\ name');
    expect(channelOf(text('ends in a backslash\\'))).toBe('ends in a backslash\\');
    expect(channelOf('{"event":"notification","channel":"user:abc"}')).toBeNull();
    expect(channelOf('not json')).toBeNull();
  });
});

describeWithApp('realtime gateway', (ctx) => {
  it('refuses a connection without a session', async () => {
    await expect(ctx().app.injectWS('/api/realtime')).rejects.toThrow(/401/);
  });

  it("delivers events on the user's own channel, and refuses someone else's", async () => {
    const alice = await signUp(ctx(), 'alice@example.com');
    const bob = await signUp(ctx(), 'bob@example.com');
    const { socket, messages } = await connect(ctx(), alice.agent);
    socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${alice.userId}` }));
    await messages.next((m) => m.type === 'subscribed');
    socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${bob.userId}` }));
    const refused = await messages.next((m) => m.type === 'error');
    expect(refused).toMatchObject({ channel: `user:${bob.userId}` });

    await ctx().services.realtime.bus.publish(`user:${bob.userId}`, 'notification', { id: 'not-for-alice' });
    await ctx().services.realtime.bus.publish(`user:${alice.userId}`, 'notification', { id: 'n1' });
    const event = await messages.next((m) => m.type === 'event');
    expect(event).toEqual({
      type: 'event',
      channel: `user:${alice.userId}`,
      event: 'notification',
      payload: { id: 'n1' },
    });
    expect(messages.received.filter((m) => m.type === 'event')).toHaveLength(0);
    socket.terminate();
  });

  it('delivers a fan-out larger than one NOTIFY payload: every event once, in order', async () => {
    const events: RealtimeEvent[] = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    const sent = Array.from({ length: 300 }, (_, i) => ({
      channel: `user:u${i}`,
      event: 'notification',
      payload: { id: `n${i}`, message: `Notification number ${i} ${'·'.repeat(200)}` },
    }));
    await ctx().services.realtime.bus.publishMany(sent);
    await expect.poll(() => events.length).toBe(300);
    stop();
    expect(events).toEqual(sent);
    const tooBig = {
      channel: 'user:u1',
      event: 'notification',
      payload: { text: 'x'.repeat(MAX_EVENT_BYTES) },
    };
    await expect(ctx().services.realtime.bus.publishMany([tooBig])).rejects.toThrow(/too large/);
    // A pre-encoded event must name the channel it is published on, first, as receivers read it.
    const text = JSON.stringify({ channel: 'user:u2', event: 'notification', payload: {} });
    await expect(ctx().services.realtime.bus.publishEncoded([{ channel: 'user:u1', text }])).rejects.toThrow(
      /not an encoded event/,
    );
  });

  it("sends events inside the caller's own statement, and nothing when that statement fails", async () => {
    const { bus } = ctx().services.realtime;
    const { db } = ctx().services;
    const events: RealtimeEvent[] = [];
    const stop = bus.onEvent((event) => events.push(event));
    const encoded = (id: string) => {
      const event = { channel: 'user:u1', event: 'notification', payload: { id } };
      return { channel: event.channel, text: JSON.stringify(event) };
    };
    const run = (id: string, failing: boolean) =>
      bus.publishEncodedWithin([encoded(id)], (notify) =>
        sql<{ notified: string; n: number }>`with told as (${notify})
          select (select notified from told) as notified, ${failing ? sql`1 / 0` : sql`1`} as n`.execute(db),
      );

    await expect(run('lost', true)).rejects.toThrow(/division by zero/);
    const sent = await run('sent', false);
    expect(Number(sent.rows[0]?.notified)).toBe(1);
    // Empty: the same statement runs and sends nothing.
    await bus.publishEncodedWithin([], (notify) =>
      sql`with told as (${notify}) select * from told`.execute(db),
    );
    await expect.poll(() => events.length).toBe(1);
    await bus.publishMany([{ channel: 'user:u1', event: 'notification', payload: { id: 'after' } }]);
    await expect.poll(() => events.length).toBe(2);
    stop();
    expect(events.map((event) => (event.payload as { id: string }).id)).toEqual(['sent', 'after']);
  });

  it("sends each socket only its own user's events from a fan-out", async () => {
    const people = [await signUp(ctx(), 'f1@example.com'), await signUp(ctx(), 'f2@example.com')];
    const sockets = await Promise.all(people.map((p) => connect(ctx(), p.agent)));
    for (const [i, { socket, messages }] of sockets.entries()) {
      socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${people[i]?.userId}` }));
      await messages.next((m) => m.type === 'subscribed');
    }
    await ctx().services.realtime.bus.publishMany([
      ...people.map((p) => ({
        channel: `user:${p.userId}`,
        event: 'notification',
        payload: { to: p.userId },
      })),
      { channel: 'user:somebody-else', event: 'notification', payload: { to: 'somebody-else' } },
    ]);
    for (const [i, { socket, messages }] of sockets.entries()) {
      expect(await messages.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        channel: `user:${people[i]?.userId}`,
        event: 'notification',
        payload: { to: people[i]?.userId },
      });
      socket.send(JSON.stringify({ type: 'heartbeat' }));
      await messages.next((m) => m.type === 'heartbeat_ok');
      expect(messages.received.filter((m) => m.type === 'event')).toEqual([]);
      socket.terminate();
    }
  });

  it('lets only admins listen on the admins channel', async () => {
    const user = await signUp(ctx(), 'user@example.com');
    const admin = await signUp(ctx(), 'admin@example.com');
    await updateProfile(ctx().services.db, admin.userId, { is_admin: true });

    const asUser = await connect(ctx(), user.agent);
    asUser.socket.send(JSON.stringify({ type: 'subscribe', channel: 'admins' }));
    expect(await asUser.messages.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({
      type: 'error',
    });

    const asAdmin = await connect(ctx(), admin.agent);
    asAdmin.socket.send(JSON.stringify({ type: 'subscribe', channel: 'admins' }));
    await asAdmin.messages.next((m) => m.type === 'subscribed');
    await ctx().services.realtime.bus.publish('admins', 'provider_request', { id: 'r1' });
    expect(await asAdmin.messages.next((m) => m.type === 'event')).toMatchObject({ payload: { id: 'r1' } });
    asUser.socket.terminate();
    asAdmin.socket.terminate();
  });

  it('closes the socket of an account disabled since it connected at once, and refuses it a new one', async () => {
    const carol = await signUp(ctx(), 'carol@example.com');
    const { socket, messages } = await connect(ctx(), carol.agent);
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await messages.next((m) => m.type === 'heartbeat_ok');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    // No frame from the client: the trigger's notice closes it (ADR 155).
    await updateProfile(ctx().services.db, carol.userId, { is_deleted: true });
    expect(await closed).toBe(4401);
    await expect(connect(ctx(), carol.agent)).rejects.toThrow(/403|401/);
  });

  it("closes a signed-out session's socket at once, and leaves the account's other sessions open", async () => {
    const erin = await signUp(ctx(), 'erin@example.com');
    const phone = new TestAgent(ctx().app);
    const signedIn = await phone.post('/api/account/sign-in', {
      email: 'erin@example.com',
      password: 'a long enough password',
    });
    expect(signedIn.statusCode).toBe(200);
    const laptopTab = await connect(ctx(), erin.agent);
    const phoneTab = await connect(ctx(), phone);
    const closed = new Promise<number>((resolve) => laptopTab.socket.on('close', (code) => resolve(code)));

    await erin.agent.post('/api/auth/sign-out', {});
    expect(await closed).toBe(4401);
    phoneTab.socket.send(JSON.stringify({ type: 'heartbeat' }));
    await phoneTab.messages.next((m) => m.type === 'heartbeat_ok');
    phoneTab.socket.terminate();
  });

  it('re-reads a lapsed session on the next heartbeat even though no trigger said so', async () => {
    const frank = await signUp(ctx(), 'frank@example.com');
    const { socket, messages } = await connect(ctx(), frank.agent);
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await messages.next((m) => m.type === 'heartbeat_ok');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    // An update, not a delete: no notice is sent, so only the heartbeat's read can find it.
    await sql`update "session" set "expiresAt" = now() - interval '1 minute'
      where "userId" = ${frank.userId}`.execute(ctx().services.db);
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await closed).toBe(4401);
  });

  it('answers nonsense with an error instead of dropping the connection', async () => {
    const dave = await signUp(ctx(), 'dave@example.com');
    const { socket, messages } = await connect(ctx(), dave.agent);
    socket.send('not json');
    expect(await messages.next((m) => m.type === 'error')).toMatchObject({
      reason: 'Messages must be JSON.',
    });
    socket.send(JSON.stringify({ type: 'subscribe', channel: '../../etc' }));
    expect(await messages.next((m) => m.type === 'error')).toMatchObject({ type: 'error' });
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await messages.next((m) => m.type === 'heartbeat_ok');
    socket.terminate();
  });
});
