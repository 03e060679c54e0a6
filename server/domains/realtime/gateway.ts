import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { RealtimeBus } from './bus.ts';
import { createRecentEnds, parseSessionEnd, SESSION_ENDS_CHANNEL, type SessionEnd } from './session-ends.ts';
import {
  createSocketRequests,
  isSocketRequest,
  MAX_PENDING_REQUESTS_PER_SOCKET,
  type SocketReplyMessage,
  type SocketRequest,
  type SocketRequestErrorListener,
} from './socket-requests.ts';

/**
 * Who is on the other end of a socket: held until the database says the session ended or the
 * account changed (session-ends.ts, ADR 155), until `expiresAt` (epoch ms), and re-read on every
 * heartbeat.
 */
export type SocketIdentity = { userId: string; isAdmin: boolean; sessionId: string; expiresAt: number };

/** Decides whether an identity may listen on `channel`; null means "not my channel prefix". */
export type ChannelAuthorizer = (
  identity: SocketIdentity,
  channel: string,
) => Promise<boolean | null> | boolean | null;

export type ClientMessage =
  | { type: 'subscribe'; channel: string }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'heartbeat' }
  | SocketRequest;

export type ServerMessage =
  | { type: 'subscribed'; channel: string }
  | { type: 'unsubscribed'; channel: string }
  | { type: 'error'; channel?: string; reason: string }
  | { type: 'heartbeat_ok' }
  | { type: 'event'; channel: string; event: string; payload: unknown }
  | SocketReplyMessage;

export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;
/** WebSocket close code 1013, "try again later": the client reconnects with its back-off. */
export const TRY_AGAIN_LATER = 1013;
const CHANNEL_PATTERN = /^[a-z_]+(:[A-Za-z0-9_-]{1,64})?$/;

type Connection = {
  socket: WebSocket;
  identity: SocketIdentity;
  channels: Set<string>;
  pending: number;
  /** Reads the session again: null when it no longer holds. */
  reread: () => Promise<SocketIdentity | null>;
  /** Closed because its session ended: nothing more is answered, even a request already read. */
  ended: boolean;
};

/** WebSocket close code for a session that ended; the client stops reconnecting. */
const SESSION_ENDED = 4401;

/** Built-in channels: a user's own (`user:<id>`) and the admins' (`admins`). Domains add more. */
const defaultAuthorizers: ChannelAuthorizer[] = [
  (identity, channel) => (channel.startsWith('user:') ? channel === `user:${identity.userId}` : null),
  (identity, channel) => (channel === 'admins' ? identity.isAdmin : null),
];

export function createGateway(
  bus: RealtimeBus,
  options: { onRequestError?: SocketRequestErrorListener } = {},
) {
  const authorizers = [...defaultAuthorizers];
  const requests = createSocketRequests(options.onRequestError);
  const subscribers = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();

  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /**
   * Frames bound for one socket while one NOTIFY is dispatched leave in one write: the socket's
   * stream is corked until the tick ends. A message sent to a busy chat reaches its recipient as
   * three or four events (the message, its alert, the unread count, the notice); each write is a
   * system call, the server's largest cost in bench:chat (docs/PERFORMANCE.md, Chat).
   */
  const corked = new Set<Duplex>();
  const uncorkAll = () => {
    for (const stream of corked) stream.uncork();
    corked.clear();
  };
  const corkUntilTickEnds = (socket: WebSocket) => {
    // ws keeps its stream in a private field; without it, frames simply go out one by one.
    const stream = (socket as unknown as { _socket?: Duplex })._socket;
    if (!stream || corked.has(stream) || typeof stream.cork !== 'function') return;
    if (!corked.size) process.nextTick(uncorkAll);
    stream.cork();
    corked.add(stream);
  };

  /**
   * `text` is the event's JSON object; the wire message is the same object with `type` first
   * ({"type":"event","channel":…,"event":…,"payload":…}), built without parsing it again.
   */
  const deliver = (channel: string, text: string) => {
    const connections = subscribers.get(channel);
    if (!connections) return;
    const message = `{"type":"event",${text.slice(1)}`;
    for (const connection of connections) {
      if (connection.socket.readyState !== connection.socket.OPEN) continue;
      corkUntilTickEnds(connection.socket);
      connection.socket.send(message);
    }
  };
  const stopListening = bus.onEncoded(deliver);

  const endSession = (connection: Connection) => {
    if (connection.ended) return;
    connection.ended = true;
    connection.socket.close(SESSION_ENDED, 'Session ended');
  };
  /** The account changed: keep the socket if it still may, with what it now may do. */
  const recheck = async (connection: Connection) => {
    let current: SocketIdentity | null;
    try {
      current = await connection.reread();
    } catch {
      // Unsure (the database did not answer): the client reconnects and is checked then.
      return connection.socket.close(TRY_AGAIN_LATER, 'Account changed; reconnect');
    }
    if (!current) return endSession(connection);
    // Channels were authorised for the old rights: a fresh socket asks again.
    if (current.isAdmin !== connection.identity.isAdmin)
      return connection.socket.close(TRY_AGAIN_LATER, 'Account changed; reconnect');
    connection.identity = current;
  };
  const recentEnds = createRecentEnds();
  const stopHearingEnds = bus.onEncoded((channel, text) => {
    if (channel !== SESSION_ENDS_CHANNEL) return;
    const end = parseSessionEnd(text);
    if (!end) return;
    recentEnds.remember(end);
    const ids = new Set(end.ids);
    for (const connection of connections) {
      if (end.kind === 'session' && ids.has(connection.identity.sessionId)) endSession(connection);
      if (end.kind === 'account' && ids.has(connection.identity.userId)) void recheck(connection);
    }
  });
  const endedSince = (identity: SocketIdentity): SessionEnd['kind'] | null => {
    if (recentEnds.has('session', identity.sessionId)) return 'session';
    return recentEnds.has('account', identity.userId) ? 'account' : null;
  };
  // Events published while this process cannot hear them are lost to its sockets: close them, so
  // each client reconnects once the bus listens again and fetches what it missed (ADR 107).
  const stopWatching = bus.onListeningChange((listening) => {
    if (listening) return;
    for (const connection of connections)
      connection.socket.close(TRY_AGAIN_LATER, 'Realtime paused; reconnect');
  });

  async function mayListen(identity: SocketIdentity, channel: string): Promise<boolean> {
    if (!CHANNEL_PATTERN.test(channel)) return false;
    for (const authorize of authorizers) {
      const verdict = await authorize(identity, channel);
      if (verdict !== null) return verdict;
    }
    return false;
  }

  function unsubscribe(connection: Connection, channel: string) {
    connection.channels.delete(channel);
    const set = subscribers.get(channel);
    set?.delete(connection);
    if (set?.size === 0) subscribers.delete(channel);
  }

  /**
   * Attaches a socket. `revalidate` looks the session up again; when it no longer holds (signed
   * out, revoked, account disabled) the socket is closed. It runs on every heartbeat and once the
   * session's expiry has passed; in between, the session-end triggers close the socket (ADR 155).
   */
  function attach(
    socket: WebSocket,
    identity: SocketIdentity,
    revalidate: () => Promise<SocketIdentity | null>,
  ) {
    const connection: Connection = {
      socket,
      identity,
      channels: new Set(),
      pending: 0,
      reread: revalidate,
      ended: false,
    };
    const reread = async () => {
      const current = await revalidate();
      if (current) connection.identity = current;
      return current;
    };
    const confirm = async () => {
      if (connection.ended) return null;
      return Date.now() < connection.identity.expiresAt ? connection.identity : reread();
    };
    connections.add(connection);
    const ended = endedSince(identity);
    if (ended === 'session') endSession(connection);
    if (ended === 'account') void recheck(connection);
    socket.on('message', async (raw) => {
      let message: ClientMessage;
      try {
        message = JSON.parse(String(raw)) as ClientMessage;
      } catch {
        return send(socket, { type: 'error', reason: 'Messages must be JSON.' });
      }
      if (message.type === 'heartbeat') {
        if (!(await reread())) return endSession(connection);
        return send(socket, { type: 'heartbeat_ok' });
      }
      if (message.type === 'request') {
        if (!isSocketRequest(message)) return send(socket, { type: 'error', reason: 'Malformed request.' });
        if (connection.pending >= MAX_PENDING_REQUESTS_PER_SOCKET) {
          return send(socket, {
            type: 'reply',
            id: message.id,
            status: 429,
            body: { error: 'rate_limited', message: 'Too many requests at once. Please wait a moment.' },
          });
        }
        connection.pending++;
        const reply = await requests.answer(message, confirm).finally(() => connection.pending--);
        if (reply === 'session_ended') return endSession(connection);
        return send(socket, { type: 'reply', id: message.id, ...reply });
      }
      if (
        (message.type !== 'subscribe' && message.type !== 'unsubscribe') ||
        typeof message.channel !== 'string'
      ) {
        return send(socket, { type: 'error', reason: 'Unknown message.' });
      }
      const { channel } = message;
      if (message.type === 'unsubscribe') {
        unsubscribe(connection, channel);
        return send(socket, { type: 'unsubscribed', channel });
      }
      if (connection.channels.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        return send(socket, { type: 'error', channel, reason: 'Too many subscriptions on one connection.' });
      }
      if (!(await mayListen(connection.identity, channel))) {
        return send(socket, { type: 'error', channel, reason: 'You may not listen to this channel.' });
      }
      connection.channels.add(channel);
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
      }
      set.add(connection);
      send(socket, { type: 'subscribed', channel });
    });
    socket.on('close', () => {
      connections.delete(connection);
      for (const channel of [...connection.channels]) unsubscribe(connection, channel);
    });
  }

  return {
    attach,
    addAuthorizer(authorizer: ChannelAuthorizer) {
      authorizers.push(authorizer);
    },
    /** Serves `action` over the socket (socket-requests.ts, ADR 149). */
    handleRequest: requests.handle,
    /** Open sockets in this process, for health and benchmarks. */
    connectionCount() {
      return connections.size;
    },
    /** Closes a user's sockets in this process (1012: "service restart"; clients reconnect). */
    disconnectUser(userId: string, code = 1012) {
      let closed = 0;
      for (const connection of connections) {
        if (connection.identity.userId !== userId) continue;
        connection.socket.close(code, 'Reconnect, please');
        closed++;
      }
      return closed;
    },
    /** False while the bus cannot hear every event: new sockets are refused until it can. */
    isLive: () => bus.isListening(),
    close() {
      stopListening();
      stopHearingEnds();
      stopWatching();
      for (const connection of connections) connection.socket.close(1001, 'Server shutting down');
      connections.clear();
      subscribers.clear();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
