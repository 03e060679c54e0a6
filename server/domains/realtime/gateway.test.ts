import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createGateway, type SocketIdentity } from './gateway.ts';
import { handBus } from './socket-test-support.ts';

/** A live session for `userId`, an hour from its expiry. */
const who = (userId: string): SocketIdentity => ({
  userId,
  isAdmin: false,
  sessionId: `session-of-${userId}`,
  expiresAt: Date.now() + 3_600_000,
});

/** A ws-like socket whose stream records, in order, what happened to it. */
function recordingSocket() {
  const log: string[] = [];
  let corks = 0;
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    send: (text: string) => log.push(`${corks ? 'held' : 'sent'} ${JSON.parse(text).event}`),
    close: () => {},
    _socket: {
      cork: () => {
        corks++;
        log.push('cork');
      },
      uncork: () => {
        corks--;
        log.push('uncork');
      },
    },
  });
  return { socket, log };
}

const subscribeTo = async (socket: EventEmitter, channel: string) => {
  socket.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', channel })));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('gateway writes', () => {
  it("holds one socket's frames from one dispatch and lets them go together when the tick ends", async () => {
    const { bus, dispatch } = handBus();
    const gateway = createGateway(bus);
    const alice = recordingSocket();
    const bob = recordingSocket();
    gateway.attach(alice.socket as never, who('alice'), async () => null);
    gateway.attach(bob.socket as never, who('bob'), async () => null);
    await subscribeTo(alice.socket, 'user:alice');
    await subscribeTo(bob.socket, 'user:bob');
    alice.log.length = 0;
    bob.log.length = 0;

    dispatch('user:alice', 'message.created');
    dispatch('user:alice', 'message.unread');
    dispatch('user:bob', 'notification');
    dispatch('user:alice', 'notification');
    expect(alice.log).toEqual(['cork', 'held message.created', 'held message.unread', 'held notification']);
    expect(bob.log).toEqual(['cork', 'held notification']);

    await new Promise((resolve) => process.nextTick(resolve));
    expect(alice.log.at(-1)).toBe('uncork');
    expect(bob.log.at(-1)).toBe('uncork');

    // The next dispatch corks afresh.
    dispatch('user:bob', 'message.created');
    expect(bob.log.slice(-2)).toEqual(['cork', 'held message.created']);
    gateway.close();
  });
});

describe('gateway requests', () => {
  /** A socket that keeps the raw frames the gateway sends it. */
  function frameSocket() {
    const frames: Array<Record<string, unknown>> = [];
    const socket = Object.assign(new EventEmitter(), {
      OPEN: 1,
      readyState: 1,
      send: (text: string) => frames.push(JSON.parse(text)),
      close: () => {},
    });
    const ask = async (id: number, action: string) => {
      socket.emit('message', Buffer.from(JSON.stringify({ type: 'request', id, action, payload: {} })));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return frames.find((frame) => frame.id === id);
    };
    return { socket, ask };
  }

  it('replies with the status a failure maps to, and tells the listener of each failure', async () => {
    const { bus } = handBus();
    const failures: Array<[number, string]> = [];
    const gateway = createGateway(bus, {
      onRequestError: (_, status, action) => failures.push([status, action]),
    });
    gateway.handleRequest('ok', async ({ confirm }) => ({
      status: 201,
      body: { who: (await confirm()).userId },
    }));
    gateway.handleRequest('bug', async () => {
      throw new TypeError('undefined is not a function');
    });
    gateway.handleRequest('database', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const { socket, ask } = frameSocket();
    gateway.attach(socket as never, who('alice'), async () => who('alice'));

    expect(await ask(1, 'ok')).toEqual({ type: 'reply', id: 1, status: 201, body: { who: 'alice' } });
    expect(await ask(2, 'bug')).toMatchObject({ id: 2, status: 500, body: { error: 'internal_error' } });
    expect(await ask(3, 'database')).toMatchObject({
      id: 3,
      status: 503,
      body: { error: 'service_unavailable' },
    });
    expect(failures).toEqual([
      [500, 'bug'],
      [503, 'database'],
    ]);
    gateway.close();
  });
});
