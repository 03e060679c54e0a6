import { dateTimeFormat } from '../../../common/date-format.ts';
import type { ThreadMessage } from './thread-state.ts';

/*
 * The thread as it is drawn: a day separator before the first message of each day. Days are the
 * bathroom's (times on Privy are shown in the bathroom's time zone), so guest and host see the
 * same separators wherever they are.
 */

export type ThreadItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ThreadMessage };

/** "2026-11-27" on the zone's calendar. */
export function dayKey(instant: string | Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

export function dayLabel(instant: string, timeZone: string, now: Date): string {
  const key = dayKey(instant, timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  if (key === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return 'Yesterday';
  const sameYear = key.slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(instant));
}

export function threadItems(messages: ThreadMessage[], timeZone: string, now: Date): ThreadItem[] {
  const items: ThreadItem[] = [];
  let previousDay: string | null = null;
  for (const message of messages) {
    const day = dayKey(message.createdAt, timeZone);
    if (day !== previousDay) {
      items.push({ kind: 'day', key: `day-${day}`, label: dayLabel(message.createdAt, timeZone, now) });
      previousDay = day;
    }
    items.push({ kind: 'message', key: message.clientId ?? message.id, message });
  }
  return items;
}

/** "3:05 PM" on the bathroom's clock, under each message. */
export function messageTime(instant: string, timeZone: string): string {
  return new Date(instant).toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
}
