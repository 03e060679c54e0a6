import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { EncodedListener, RealtimeBus } from './bus.ts';
import { createGateway } from './gateway.ts';

/** A bus whose events the test dispatches by hand, as one NOTIFY's payload would be. */
function handBus() {
  const listeners: EncodedListener[] = [];
  const bus = {
    onEncoded: (listener: EncodedListener) => {
      listeners.push(listener);
      return () => {};
    },
    onListeningChange: () => () => {},
    isListening: () => true,
  } as unknown as RealtimeBus;
  const dispatch = (channel: string, event: string) => {
    for (const listener of listeners) listener(channel, JSON.stringify({ channel, event, payload: {} }));
  };
  return { bus, dispatch };
}

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
    gateway.attach(alice.socket as never, { userId: 'alice', isAdmin: false }, async () => null);
    gateway.attach(bob.socket as never, { userId: 'bob', isAdmin: false }, async () => null);
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
