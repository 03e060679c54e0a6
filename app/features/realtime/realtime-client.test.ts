import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime-client.ts';
import { createSocketRequester, REQUEST_TIMEOUT_MS, SocketUnavailableError } from './socket-requester.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSays(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  dropFromServer() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

describe('realtime client', () => {
  let client: RealtimeClient;
  let states: string[];
  /** Each channel's last status, as the provider's listeners hear it. */
  let statuses: Map<string, string>;
  const statusOf = (channel: string) => statuses.get(channel) ?? 'unsubscribed';

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    client = new RealtimeClient({
      url: 'ws://test/api/realtime',
      createSocket: (url) => new FakeSocket(url),
    });
    states = [];
    client.onState((state) => states.push(state));
    statuses = new Map();
    client.onStatus((channel, status) => statuses.set(channel, status));
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('goes connecting → open, subscribes and delivers events to the channel handler', () => {
    const handler = vi.fn();
    client.subscribe('user:u1', handler);
    client.start();
    latest().open();
    expect(states).toEqual(['connecting', 'open']);
    expect(latest().sent).toContainEqual({ type: 'subscribe', channel: 'user:u1' });
    expect(client.subscribedChannels()).toEqual([]);
    latest().serverSays({ type: 'subscribed', channel: 'user:u1' });
    expect(statusOf('user:u1')).toBe('subscribed');
    expect(client.subscribedChannels()).toEqual(['user:u1']);
    latest().serverSays({ type: 'event', channel: 'user:u1', event: 'notification', payload: { id: 'n1' } });
    latest().serverSays({
      type: 'event',
      channel: 'user:other',
      event: 'notification',
      payload: { id: 'n2' },
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('notification', { id: 'n1' });
  });

  it('marks a refused subscription as error', () => {
    client.start();
    latest().open();
    client.subscribe('admins', vi.fn());
    latest().serverSays({ type: 'error', channel: 'admins', reason: 'no' });
    expect(statusOf('admins')).toBe('error');
    expect(client.subscribedChannels()).toEqual([]);
  });

  it('retries a failing connection after 1, 2, 5 and then every 10 s', () => {
    client.start();
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = FakeSocket.all.length;
      latest().dropFromServer();
      expect(client.state).toBe('closed');
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(count + 1);
      expect(client.state).toBe('connecting');
    }
  });

  it('resubscribes on reconnect and resets the back-off once open', () => {
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.subscribe('user:u1', vi.fn());
    client.start();
    latest().open();
    latest().dropFromServer();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(latest().sent).toContainEqual({ type: 'subscribe', channel: 'user:u1' });
    latest().dropFromServer();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('tells a channel it is restored only when the server confirms it again after a loss', () => {
    const restored = vi.fn();
    const otherRestored = vi.fn();
    client.onChannelRestored('admins', restored);
    client.onChannelRestored('user:u1', otherRestored);
    client.subscribe('admins', vi.fn());
    client.start();
    latest().open();
    latest().serverSays({ type: 'subscribed', channel: 'admins' });
    expect(restored).not.toHaveBeenCalled();

    latest().dropFromServer();
    vi.advanceTimersByTime(1000);
    latest().open();
    // Open again, but not yet confirmed: an event could still be missed until it is.
    expect(restored).not.toHaveBeenCalled();
    latest().serverSays({ type: 'subscribed', channel: 'admins' });
    expect(restored).toHaveBeenCalledTimes(1);

    client.renew();
    latest().open();
    latest().serverSays({ type: 'subscribed', channel: 'admins' });
    expect(restored).toHaveBeenCalledTimes(2);
    expect(otherRestored).not.toHaveBeenCalled();
  });

  it('sends a heartbeat every 30 s and drops a link that does not answer within 10 s', () => {
    client.start();
    latest().open();
    const first = latest();
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toContainEqual({ type: 'heartbeat' });
    first.serverSays({ type: 'heartbeat_ok' });
    vi.advanceTimersByTime(10_000);
    expect(client.state).toBe('open');
    vi.advanceTimersByTime(20_000 + 10_000);
    expect(client.state).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not reconnect when the server says the session ended', () => {
    const ended = vi.fn();
    client.onSessionEnded(ended);
    client.start();
    latest().open();
    latest().onclose?.({ code: 4401 });
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('renews after the session was replaced: a new socket, the same channels, missed events fetched', () => {
    const handler = vi.fn();
    const reconnected = vi.fn();
    client.subscribe('user:u1', handler);
    client.onReconnect(reconnected);
    client.start();
    latest().open();
    latest().serverSays({ type: 'subscribed', channel: 'user:u1' });
    latest().onclose?.({ code: 4401 });
    expect(client.state).toBe('closed');

    client.renew();
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'user:u1' }]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    latest().serverSays({ type: 'event', channel: 'user:u1', event: 'notification', payload: { id: 'n1' } });
    expect(handler).toHaveBeenCalledWith('notification', { id: 'n1' });
  });

  it('renews an open socket at once, and ignores the old one closing afterwards', () => {
    client.subscribe('user:u1', vi.fn());
    client.start();
    const old = latest();
    old.open();
    old.serverSays({ type: 'subscribed', channel: 'user:u1' });

    client.renew();
    expect(old.readyState).toBe(3);
    expect(statusOf('user:u1')).toBe('unsubscribed');
    old.onclose?.({ code: 4401 });
    latest().open();
    latest().serverSays({ type: 'subscribed', channel: 'user:u1' });
    expect(client.state).toBe('open');
    expect(client.subscribedChannels()).toEqual(['user:u1']);
    // The old socket's close scheduled no reconnect of its own.
    vi.advanceTimersByTime(15_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not renew a client stopped on sign-out or never started', () => {
    client.renew();
    expect(FakeSocket.all).toHaveLength(0);
    client.start();
    latest().open();
    client.stop();
    client.renew();
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.state).toBe('closed');
  });

  it('stops for good on sign-out: no reconnect, subscriptions gone', () => {
    client.subscribe('user:u1', vi.fn());
    client.start();
    latest().open();
    client.stop();
    expect(client.state).toBe('closed');
    expect(statusOf('user:u1')).toBe('unsubscribed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  describe('requests over the socket (socket-requester.ts)', () => {
    const requester = () => createSocketRequester(client);
    it('sends a numbered request and resolves with the reply of the same number', async () => {
      client.start();
      latest().open();
      const requests = requester();
      const first = requests.request('message.send', { content: 'Hi' });
      const second = requests.request('message.send', { content: 'Again' });
      const [a, b] = latest().sent.filter((frame) => frame.type === 'request');
      expect(a).toEqual({ type: 'request', id: 1, action: 'message.send', payload: { content: 'Hi' } });
      expect(b).toMatchObject({ id: 2, payload: { content: 'Again' } });
      latest().serverSays({ type: 'reply', id: 2, status: 409, body: { error: 'conflict' } });
      latest().serverSays({ type: 'reply', id: 1, status: 201, body: { message: { id: 'm1' } } });
      expect(await first).toEqual({ status: 201, body: { message: { id: 'm1' } } });
      expect(await second).toEqual({ status: 409, body: { error: 'conflict' } });
    });

    it('fails at once when the socket is not open, and fails what is waiting when it closes', async () => {
      const requests = requester();
      await expect(requests.request('message.send', {})).rejects.toBeInstanceOf(SocketUnavailableError);
      client.start();
      await expect(requests.request('message.send', {})).rejects.toBeInstanceOf(SocketUnavailableError);
      latest().open();
      const waiting = requests.request('message.send', {});
      latest().dropFromServer();
      await expect(waiting).rejects.toBeInstanceOf(SocketUnavailableError);
      // A reply that arrives for a forgotten request is ignored.
      latest().serverSays({ type: 'reply', id: 1, status: 201, body: {} });
    });

    it('gives up on a reply that takes longer than the timeout', async () => {
      client.start();
      latest().open();
      const slow = requester().request('message.send', {});
      const outcome = expect(slow).rejects.toThrow(/did not answer in time/);
      vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
      await outcome;
    });
  });
});
