import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TestAgent } from '../../test/http-client.ts';
import type { EncodedListener, RealtimeBus } from './bus.ts';
import type { ServerMessage } from './gateway.ts';

/** Helpers for tests that hold realtime sockets (GET /api/realtime through Fastify's injectWS). */

export type Inbox = {
  received: ServerMessage[];
  /** The first message (received or still to come) that matches, taken out of the inbox. */
  next(match: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
};

/** Collects what the server sends, so a test can wait for the next message of some shape. */
export function inbox(socket: WebSocket): Inbox {
  const received: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    received,
    async next(match, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) {
          received.splice(received.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

/** A socket signed in as the agent's session, with its inbox. */
export async function connect(app: FastifyInstance, agent: TestAgent) {
  const socket = await app.injectWS('/api/realtime', {
    headers: { cookie: agent.cookieHeader(), origin: 'http://localhost:3000' },
  });
  return { socket, messages: inbox(socket) };
}

/** Asks to listen on `channel`; resolves with the server's answer (subscribed, or an error). */
export async function subscribe(
  connection: { socket: WebSocket; messages: Inbox },
  channel: string,
): Promise<ServerMessage> {
  connection.socket.send(JSON.stringify({ type: 'subscribe', channel }));
  return connection.messages.next(
    (message) =>
      (message.type === 'subscribed' || message.type === 'error') &&
      'channel' in message &&
      message.channel === channel,
  );
}

/** A bus whose NOTIFY texts a test dispatches by hand, for the gateway alone (no database). */
export function handBus() {
  const listeners: EncodedListener[] = [];
  const bus = {
    onEncoded: (listener: EncodedListener) => {
      listeners.push(listener);
      return () => {};
    },
    onListeningChange: () => () => {},
    isListening: () => true,
  } as unknown as RealtimeBus;
  /** As one event of a NOTIFY payload: `{"channel":…,"event":…,"payload":…}`. */
  const dispatch = (channel: string, event: string, payload: unknown = {}) => {
    const text = JSON.stringify({ channel, event, payload });
    for (const listener of listeners) listener(channel, text);
  };
  return { bus, dispatch };
}
