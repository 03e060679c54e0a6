import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createGateway, type SocketIdentity } from './gateway.ts';
import { createRecentEnds, parseSessionEnd, SESSION_ENDS_CHANNEL } from './session-ends.ts';
import { handBus } from './socket-test-support.ts';

/** The session-end triggers' two events, dispatched as their NOTIFY would be. */
function endsBus() {
  const { bus, dispatch } = handBus();
  const ended = (event: 'session.ended' | 'account.changed', ids: string[]) =>
    dispatch(SESSION_ENDS_CHANNEL, event, event === 'session.ended' ? { sessionIds: ids } : { userIds: ids });
  return { bus, ended };
}

const identity = (userId: string, sessionId: string, overrides: Partial<SocketIdentity> = {}) => ({
  userId,
  isAdmin: false,
  sessionId,
  expiresAt: Date.now() + 3_600_000,
  ...overrides,
});

/** A ws-like socket: the frames it was sent and the code it was closed with. */
function tab() {
  const frames: Array<Record<string, unknown>> = [];
  const closes: number[] = [];
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    send: (text: string) => frames.push(JSON.parse(text)),
    close: (code: number) => closes.push(code),
  });
  const frame = (message: object) => socket.emit('message', Buffer.from(JSON.stringify(message)));
  return { socket, frames, closes, frame };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A gateway with one action that answers with the confirmed user, and a counted session read. */
function gatewayWithWhoAmI() {
  const { bus, ended } = endsBus();
  const gateway = createGateway(bus);
  gateway.handleRequest('whoami', async ({ confirm }) => ({ status: 200, body: await confirm() }));
  let reads = 0;
  let answer: SocketIdentity | null = null;
  const reread = async () => {
    reads++;
    return answer;
  };
  return {
    gateway,
    ended,
    reread,
    reads: () => reads,
    setAnswer: (next: SocketIdentity | null) => {
      answer = next;
    },
  };
}

describe('a socket holds its session until the database ends it (ADR 155)', () => {
  it('answers requests without reading the session again while it is live, and re-reads once it expired', async () => {
    const { gateway, reread, reads, setAnswer } = gatewayWithWhoAmI();
    const live = tab();
    gateway.attach(live.socket as never, identity('alice', 's1'), reread);
    live.frame({ type: 'request', id: 1, action: 'whoami' });
    live.frame({ type: 'request', id: 2, action: 'whoami' });
    await settle();
    expect(live.frames.map((frame) => frame.status)).toEqual([200, 200]);
    expect(reads()).toBe(0);

    const lapsed = tab();
    gateway.attach(lapsed.socket as never, identity('bob', 's2', { expiresAt: Date.now() - 1 }), reread);
    setAnswer(null); // better-auth no longer knows the session
    lapsed.frame({ type: 'request', id: 1, action: 'whoami' });
    await settle();
    expect(reads()).toBe(1);
    expect(lapsed.closes).toEqual([4401]);
    expect(lapsed.frames).toEqual([]);
    gateway.close();
  });

  it('reads the session on every heartbeat, and closes the socket when it no longer holds', async () => {
    const { gateway, reread, reads, setAnswer } = gatewayWithWhoAmI();
    const alice = tab();
    gateway.attach(alice.socket as never, identity('alice', 's1'), reread);
    setAnswer(identity('alice', 's1'));
    alice.frame({ type: 'heartbeat' });
    await settle();
    expect(alice.frames).toEqual([{ type: 'heartbeat_ok' }]);
    setAnswer(null);
    alice.frame({ type: 'heartbeat' });
    await settle();
    expect(reads()).toBe(2);
    expect(alice.closes).toEqual([4401]);
    gateway.close();
  });

  it('closes only the sockets of an ended session, and answers nothing more on them', async () => {
    const { gateway, ended, reread } = gatewayWithWhoAmI();
    const phone = tab();
    const laptop = tab();
    gateway.attach(phone.socket as never, identity('alice', 'phone-session'), reread);
    gateway.attach(laptop.socket as never, identity('alice', 'laptop-session'), reread);
    ended('session.ended', ['phone-session', 'someone-else']);
    phone.frame({ type: 'request', id: 1, action: 'whoami' });
    laptop.frame({ type: 'request', id: 1, action: 'whoami' });
    await settle();
    expect(phone.closes).toEqual([4401]);
    expect(phone.frames).toEqual([]);
    expect(laptop.closes).toEqual([]);
    expect(laptop.frames).toMatchObject([{ id: 1, status: 200, body: { sessionId: 'laptop-session' } }]);
    gateway.close();
  });

  it('re-reads the account when it changed: closes it if disabled, asks for a reconnect if its rights changed', async () => {
    const { gateway, ended, reread, setAnswer } = gatewayWithWhoAmI();
    const renamed = tab();
    gateway.attach(renamed.socket as never, identity('alice', 's1'), reread);
    setAnswer(identity('alice', 's1', { expiresAt: Date.now() + 7_200_000 }));
    ended('account.changed', ['alice']);
    await settle();
    expect(renamed.closes).toEqual([]);

    const promoted = tab();
    gateway.attach(promoted.socket as never, identity('bob', 's2'), reread);
    setAnswer(identity('bob', 's2', { isAdmin: true }));
    ended('account.changed', ['bob']);
    await settle();
    expect(promoted.closes).toEqual([1013]);

    const disabled = tab();
    gateway.attach(disabled.socket as never, identity('carol', 's3'), reread);
    setAnswer(null);
    ended('account.changed', ['carol']);
    await settle();
    expect(disabled.closes).toEqual([4401]);
    gateway.close();
  });

  it('closes a socket attached just after its session ended (read before the end, attached after)', async () => {
    const { gateway, ended, reread } = gatewayWithWhoAmI();
    ended('session.ended', ['s1']);
    const late = tab();
    gateway.attach(late.socket as never, identity('alice', 's1'), reread);
    const other = tab();
    gateway.attach(other.socket as never, identity('alice', 's2'), reread);
    expect(late.closes).toEqual([4401]);
    expect(other.closes).toEqual([]);
    gateway.close();
  });
});

describe('session ends', () => {
  it("reads only the triggers' two events, with a list of ids", () => {
    const text = (event: string, payload: unknown) =>
      JSON.stringify({ channel: SESSION_ENDS_CHANNEL, event, payload });
    expect(parseSessionEnd(text('session.ended', { sessionIds: ['a', 'b'] }))).toEqual({
      kind: 'session',
      ids: ['a', 'b'],
    });
    expect(parseSessionEnd(text('account.changed', { userIds: ['u'] }))).toEqual({
      kind: 'account',
      ids: ['u'],
    });
    expect(parseSessionEnd(text('session.ended', { userIds: ['u'] }))).toBeNull();
    expect(parseSessionEnd(text('session.ended', { sessionIds: [1] }))).toBeNull();
    expect(parseSessionEnd(text('other', { sessionIds: ['a'] }))).toBeNull();
    expect(parseSessionEnd('{not json')).toBeNull();
  });

  it('remembers an end for a minute', () => {
    let now = 1_000_000;
    const recent = createRecentEnds(() => now);
    recent.remember({ kind: 'session', ids: ['a'] });
    now += 30_000;
    recent.remember({ kind: 'account', ids: ['u'] });
    expect(recent.has('session', 'a')).toBe(true);
    expect(recent.has('account', 'a')).toBe(false);
    now += 31_000;
    expect(recent.has('session', 'a')).toBe(false);
    expect(recent.has('account', 'u')).toBe(true);
  });
});
