import type { ConnectionState, OtherFrame, RealtimeClient } from './realtime-client.ts';

/*
 * Requests over the tab's open realtime socket (ADR 149), kept out of RealtimeClient so that pages
 * which never send one (most of them) do not load it: only the messages pages import this.
 */

/** The server's answer: the status and body the matching HTTP route would give. */
export type SocketReply = { status: number; body: unknown };

/**
 * The request could not be answered over the socket: it was not open, closed before the reply,
 * or the reply took too long. It may or may not have been served, so only an idempotent request
 * (a send with its clientId) may be repeated over HTTP.
 */
export class SocketUnavailableError extends Error {
  override name = 'SocketUnavailableError';
}

/** How long a request waits for its reply unless told otherwise. */
export const REQUEST_TIMEOUT_MS = 8_000;

type Client = Pick<RealtimeClient, 'sendFrame' | 'onFrame' | 'onState'>;
type Timers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
export type SocketRequester = {
  request(action: string, payload: unknown, timeoutMs?: number): Promise<SocketReply>;
};

const requesters = new WeakMap<Client, SocketRequester>();

/** The requester of a client, made on first use; it lives as long as the client. */
export function socketRequesterOf(client: Client): SocketRequester {
  let requester = requesters.get(client);
  if (!requester) {
    requester = createSocketRequester(client);
    requesters.set(client, requester);
  }
  return requester;
}

export function createSocketRequester(
  client: Client,
  // Bound: browsers refuse timer functions called on another object ("Illegal invocation").
  timers: Timers = {
    setTimeout: globalThis.setTimeout.bind(globalThis) as typeof setTimeout,
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
  },
): SocketRequester {
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (reply: SocketReply) => void;
      reject: (error: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();

  client.onFrame((frame: OtherFrame) => {
    if (frame.type !== 'reply' || typeof frame.id !== 'number') return;
    const waiting = pending.get(frame.id);
    if (!waiting) return;
    pending.delete(frame.id);
    timers.clearTimeout(waiting.timer);
    waiting.resolve({ status: Number(frame.status), body: frame.body });
  });
  // A socket that is no longer open will not reply on its successor: fail what waits now.
  client.onState((state: ConnectionState) => {
    if (state === 'open') return;
    for (const [id, waiting] of pending) {
      timers.clearTimeout(waiting.timer);
      waiting.reject(new SocketUnavailableError('The live connection closed before it answered.'));
      pending.delete(id);
    }
  });

  return {
    request(action, payload, timeoutMs = REQUEST_TIMEOUT_MS) {
      const id = nextId++;
      return new Promise<SocketReply>((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          pending.delete(id);
          reject(new SocketUnavailableError('The live connection did not answer in time.'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        if (!client.sendFrame({ type: 'request', id, action, payload })) {
          pending.delete(id);
          timers.clearTimeout(timer);
          reject(new SocketUnavailableError('The live connection is not open.'));
        }
      });
    },
  };
}
