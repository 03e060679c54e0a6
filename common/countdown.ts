/**
 * Spec §4 countdown for upcoming and one-hour reservation notifications: the target is created_at
 * plus the hours and minutes written in the message ("…starts in 1 hour 30 minutes", "in 45 min").
 */
export function parseArrivalOffsetMs(message: string | null | undefined): number | null {
  if (!message) return null;
  const hours = /(\d+)\s*(?:h|hr|hrs|hour|hours)\b/i.exec(message);
  const minutes = /(\d+)\s*(?:m|min|mins|minute|minutes)\b/i.exec(message);
  if (!hours && !minutes) return null;
  return (Number(hours?.[1] ?? 0) * 60 + Number(minutes?.[1] ?? 0)) * 60_000;
}

export function countdownTarget(createdAt: string | Date, message: string | null | undefined): number | null {
  const offset = parseArrivalOffsetMs(message);
  if (offset === null) return null;
  return new Date(createdAt).getTime() + offset;
}

/** "Arriving in: 1h 5m 3s", "Arriving in: 4m 0s", then "Arrival time has passed". */
export function formatCountdown(remainingMs: number): string {
  if (remainingMs <= 0) return 'Arrival time has passed';
  const totalSeconds = Math.floor(remainingMs / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0
    ? `Arriving in: ${hours}h ${minutes}m ${seconds}s`
    : `Arriving in: ${minutes}m ${seconds}s`;
}

/** Countdown notifications disappear once their booking has started (spec §4). */
export function bookingHasStarted(startTime: string | undefined, now: number): boolean {
  if (!startTime) return false;
  const start = new Date(startTime).getTime();
  return Number.isFinite(start) && start <= now;
}
