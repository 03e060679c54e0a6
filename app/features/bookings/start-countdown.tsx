import { Text } from '@mantine/core';
import { useClock } from '../../ui/use-clock.ts';

/** "Starts in 2h 5m 3s", ticking each second; rendered after hydration so server and browser agree. */
export function StartCountdown({ startsAt }: { startsAt: string }) {
  const now = useClock();
  if (now === null) return null;
  const left = countdownText(new Date(startsAt).getTime() - now);
  if (left === null) return null;
  return (
    <Text fw={600} data-testid="start-countdown" aria-live="off">
      Starts in {left}
    </Text>
  );
}

/** "2h 5m 3s" (hours not folded into days: the reminders speak in hours too); null once started. */
export function countdownText(leftMs: number): string | null {
  if (leftMs <= 0) return null;
  const seconds = Math.floor(leftMs / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `${h > 0 ? `${h}h ` : ''}${m}m ${s}s`;
}

/** Whether check-in is open: from 10 minutes before the start until the end (ADR 090). */
export function checkInOpen(booking: { starts_at: string; ends_at: string }, now: number): boolean {
  return (
    now >= new Date(booking.starts_at).getTime() - 10 * 60_000 && now < new Date(booking.ends_at).getTime()
  );
}
