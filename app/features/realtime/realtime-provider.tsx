import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { RealtimeClient } from './realtime-client.ts';

const RealtimeContext = createContext<RealtimeClient | null>(null);

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${window.location.host}/api/realtime`;
}

/**
 * The connection's state and confirmed channels as `data-realtime` and `data-realtime-channels` on
 * <html>: what a developer (or a browser test) looks at to know the tab is live before expecting
 * something to arrive.
 */
function mirrorOnDocument(client: RealtimeClient): () => void {
  const root = document.documentElement;
  const offState = client.onState((state) => {
    root.dataset.realtime = state;
  });
  const offStatus = client.onStatus(() => {
    root.dataset.realtimeChannels = client.subscribedChannels().join(' ');
  });
  return () => {
    offState();
    offStatus();
    delete root.dataset.realtime;
    delete root.dataset.realtimeChannels;
  };
}

/**
 * Opens the tab's realtime connection while someone is signed in. When the user signs out (or
 * changes) the client is stopped, so every subscription ends with it. When the same user's session
 * is replaced (two-step sign-in turned on or off), the connection reopens with the new cookie
 * and keeps its subscriptions.
 */
export function RealtimeProvider({
  userId,
  sessionId,
  children,
}: {
  userId: string | null;
  sessionId: string | null;
  children: React.ReactNode;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const sessionSeen = useRef(sessionId);
  useEffect(() => {
    if (sessionSeen.current === sessionId) return;
    sessionSeen.current = sessionId;
    // Whether the old socket is still open or the server already closed it (4401 at a heartbeat,
    // after which the page reloaded who is signed in), the new cookie opens a new one.
    client?.renew();
  }, [client, sessionId]);
  useEffect(() => {
    if (!userId) return;
    const next = new RealtimeClient({ url: socketUrl() });
    const stopMirroring = mirrorOnDocument(next);
    next.start();
    setClient(next);
    return () => {
      next.stop();
      stopMirroring();
      setClient(null);
    };
  }, [userId]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** A stable box holding the latest render's callback, so effects need not resubscribe for it. */
function useLatest<T>(value: T): { current: T } {
  const [box] = useState(() => ({ current: value }));
  box.current = value;
  return box;
}

/** Listens on a channel for as long as the component is mounted and a connection exists. */
export function useRealtimeChannel(
  channel: string | null,
  onEvent: (event: string, payload: unknown) => void,
) {
  const client = useRealtimeClient();
  const handler = useLatest(onEvent);
  useEffect(() => {
    if (!client || !channel) return;
    return client.subscribe(channel, (event, payload) => handler.current(event, payload));
  }, [client, channel, handler]);
}

/**
 * Calls `onRestored` when the server confirms `channel` again after the connection lost it: what
 * was sent on it meanwhile is not replayed, so whatever was built from its events should be fetched
 * afresh (ADR 162).
 */
export function useChannelRestored(channel: string | null, onRestored: () => void) {
  const client = useRealtimeClient();
  const handler = useLatest(onRestored);
  useEffect(() => {
    if (!client || !channel) return;
    return client.onChannelRestored(channel, () => handler.current());
  }, [client, channel, handler]);
}
