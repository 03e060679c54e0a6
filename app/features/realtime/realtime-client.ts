import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_TIMEOUT_MS,
} from '../../../common/constants.ts';

/** Spec §4 realtime connection states and subscription statuses. */
export type ConnectionState = 'connecting' | 'open' | 'closing' | 'closed';
export type SubscriptionStatus = 'subscribed' | 'error' | 'unsubscribed';

export type RealtimeEventHandler = (event: string, payload: unknown) => void;

type ServerMessage =
  | { type: 'subscribed' | 'unsubscribed'; channel: string }
  | { type: 'error'; channel?: string; reason: string }
  | { type: 'heartbeat_ok' }
  | { type: 'event'; channel: string; event: string; payload: unknown };

/** A frame of a kind this client does not handle itself (a request's reply: socket-requester.ts). */
export type OtherFrame = { type: string } & Record<string, unknown>;

type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type RealtimeClientOptions = {
  url: string;
  createSocket?: (url: string) => SocketLike;
  timers?: {
    setTimeout: typeof setTimeout;
    clearTimeout: typeof clearTimeout;
    setInterval: typeof setInterval;
    clearInterval: typeof clearInterval;
  };
};

const OPEN = 1;
/** Close code the gateway uses when the session behind a socket has ended. */
const SESSION_ENDED = 4401;

/**
 * One WebSocket per tab. Heartbeat every 30 s; no answer within 10 s means the link is dead.
 * After a drop it reconnects after 1, 2, 5, then every 10 s, subscribes again to every channel and
 * tells its listeners (onReconnect) so they can fetch what they missed.
 */
export class RealtimeClient {
  state: ConnectionState = 'closed';
  private socket: SocketLike | null = null;
  private readonly channels = new Map<
    string,
    { handlers: Set<RealtimeEventHandler>; status: SubscriptionStatus }
  >();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly statusListeners = new Set<(channel: string, status: SubscriptionStatus) => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private readonly frameListeners = new Set<(frame: OtherFrame) => void>();
  private attempt = 0;
  private everOpened = false;
  private stopped = true;
  /** Stopped because the server ended the socket's session, not by stop(): renew() may resume. */
  private sessionEnded = false;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<RealtimeClientOptions>;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      // Bound: browsers refuse timer functions called on another object ("Illegal invocation").
      timers: {
        setTimeout: globalThis.setTimeout.bind(globalThis),
        clearTimeout: globalThis.clearTimeout.bind(globalThis),
        setInterval: globalThis.setInterval.bind(globalThis),
        clearInterval: globalThis.clearInterval.bind(globalThis),
      } as Required<RealtimeClientOptions>['timers'],
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Signing out: close for good, drop every subscription. */
  stop(): void {
    this.stopped = true;
    this.sessionEnded = false;
    this.clearTimers();
    for (const channel of this.channels.keys()) this.setStatus(channel, 'unsubscribed');
    this.channels.clear();
    if (this.socket) {
      this.setState('closing');
      this.socket.close(1000, 'Signed out');
      this.socket = null;
    }
    this.setState('closed');
  }

  /**
   * The same account now holds a new session (better-auth replaces it when two-step sign-in is
   * turned on or off): the open socket was authorised with the old cookie and is closed at its
   * next heartbeat. Open a new one with the current cookie, keep every subscription, and tell
   * onReconnect listeners so they fetch what they missed. A client stopped by stop() stays stopped.
   */
  renew(): void {
    if (this.stopped && !this.sessionEnded) return;
    this.stopped = false;
    this.sessionEnded = false;
    this.clearTimers();
    const old = this.socket;
    this.socket = null;
    if (old) {
      for (const channel of this.channels.keys()) this.setStatus(channel, 'unsubscribed');
      old.close(1000, 'Session renewed');
    }
    this.attempt = 0;
    this.connect();
  }

  subscribe(channel: string, handler: RealtimeEventHandler): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), status: 'unsubscribed' };
      this.channels.set(channel, entry);
      this.sendFrame({ type: 'subscribe', channel });
    }
    entry.handlers.add(handler);
    return () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.handlers.delete(handler);
      if (current.handlers.size === 0) {
        this.channels.delete(channel);
        this.sendFrame({ type: 'unsubscribe', channel });
        this.setStatus(channel, 'unsubscribed');
      }
    };
  }

  /** Sends a frame on the socket if it is open now; false if it is not (nothing is queued). */
  sendFrame(frame: object): boolean {
    const open = this.socket?.readyState === OPEN;
    if (open) this.socket?.send(JSON.stringify(frame));
    return open;
  }

  /** Frames of kinds the client does not handle itself; the socket requester reads its replies here. */
  onFrame(listener: (frame: OtherFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** The channels the server has confirmed, in the order they were first asked for. */
  subscribedChannels(): string[] {
    return [...this.channels].filter(([, entry]) => entry.status === 'subscribed').map(([name]) => name);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** The server closed the socket because the session ended (signed out elsewhere, disabled). */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  onStatus(listener: (channel: string, status: SubscriptionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Calls `listener` each time the server confirms `channel` again after losing it (a dropped or
   * renewed socket, a refused subscription): events sent in between are not replayed, so a view
   * built from them should fetch afresh. The first confirmation is not a restoration.
   */
  onChannelRestored(channel: string, listener: () => void): () => void {
    let lost = false;
    return this.onStatus((name, status) => {
      if (name !== channel) return;
      if (status !== 'subscribed') lost = true;
      else if (lost) {
        lost = false;
        listener();
      }
    });
  }

  private connect(): void {
    if (this.stopped) return;
    this.setState('connecting');
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      const isReconnect = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.setState('open');
      for (const channel of this.channels.keys()) this.sendFrame({ type: 'subscribe', channel });
      this.startHeartbeat();
      if (isReconnect) for (const listener of this.reconnectListeners) listener();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.handle(String(event.data));
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.clearTimers();
      for (const channel of this.channels.keys()) this.setStatus(channel, 'unsubscribed');
      this.setState('closed');
      if (event.code === SESSION_ENDED) {
        // The server says the session is over: reconnecting would only be refused, unless the
        // page learns of a new session for the same account (renew()).
        this.stopped = true;
        this.sessionEnded = true;
        for (const listener of this.sessionEndedListeners) listener();
        return;
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and reconnects; the browser already logged the failure.
    };
  }

  private handle(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'heartbeat_ok') {
      this.options.timers.clearTimeout(this.timeoutTimer);
      return;
    }
    if (message.type === 'subscribed') {
      this.setStatus(message.channel, 'subscribed');
      return;
    }
    if (message.type === 'error' && message.channel) {
      this.setStatus(message.channel, 'error');
      return;
    }
    if (message.type === 'event') {
      const entry = this.channels.get(message.channel);
      if (entry) for (const handler of entry.handlers) handler(message.event, message.payload);
      return;
    }
    for (const listener of this.frameListeners) listener(message as unknown as OtherFrame);
  }

  private startHeartbeat(): void {
    const { timers } = this.options;
    this.heartbeatTimer = timers.setInterval(() => {
      this.sendFrame({ type: 'heartbeat' });
      timers.clearTimeout(this.timeoutTimer);
      this.timeoutTimer = timers.setTimeout(() => this.drop(), REALTIME_TIMEOUT_MS);
    }, REALTIME_HEARTBEAT_MS);
  }

  /** A silent link: close it ourselves and go through the normal reconnect path. */
  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.setState('closing');
    socket.close(4000, 'Heartbeat timed out');
    socket.onclose?.({ code: 4000 });
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delays = REALTIME_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] as number;
    this.attempt++;
    this.reconnectTimer = this.options.timers.setTimeout(() => this.connect(), delay);
  }

  private clearTimers(): void {
    const { timers } = this.options;
    timers.clearInterval(this.heartbeatTimer);
    timers.clearTimeout(this.timeoutTimer);
    timers.clearTimeout(this.reconnectTimer);
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private setStatus(channel: string, status: SubscriptionStatus): void {
    const entry = this.channels.get(channel);
    if (entry) entry.status = status;
    for (const listener of this.statusListeners) listener(channel, status);
  }
}
