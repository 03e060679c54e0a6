import { useRevalidator } from 'react-router';
import { useChannelRestored, useRealtimeChannel } from './realtime-provider.tsx';

/**
 * Keeps a route's loader data live: loads it again when an event on `channel` says it changed, and
 * when the channel is confirmed again after a dropped socket, since the events of the gap are not
 * replayed (ADR 162).
 */
export function useLiveLoaderData(
  channel: string | null,
  changesData: (event: string, payload: unknown) => boolean,
) {
  const { revalidate } = useRevalidator();
  useRealtimeChannel(channel, (event, payload) => {
    if (changesData(event, payload)) void revalidate();
  });
  useChannelRestored(channel, () => void revalidate());
}
