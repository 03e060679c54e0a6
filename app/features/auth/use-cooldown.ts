import { useEffect, useState } from 'react';

/**
 * Seconds left before "send again" may be pressed. Restarts whenever `startedAt` changes (a code
 * was just sent); the server enforces the same wait, this only keeps the button honest.
 */
export function useCooldown(seconds: number, startedAt: number | null): number {
  const [now, setNow] = useState(() => startedAt ?? 0);
  useEffect(() => {
    if (startedAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  if (startedAt === null) return 0;
  return Math.max(0, Math.ceil((startedAt + seconds * 1000 - now) / 1000));
}
