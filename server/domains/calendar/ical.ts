/**
 * A small RFC 5545 (iCalendar) writer for the private bathroom feeds (ADR 095): only what the
 * feeds need — a VCALENDAR of VEVENTs in UTC — with escaping, 75-octet folding and CRLF endings.
 * Written here rather than taken from a library: it is ~80 lines and fully tested.
 */

export type ICalEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** CONFIRMED for bookings and blackouts; the feed leaves out anything tentative. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

export type ICalendar = {
  /** Shown by calendar apps as the calendar's name (X-WR-CALNAME). */
  name: string;
  events: ICalEvent[];
  /** DTSTAMP of every event: when the feed was generated. */
  now: Date;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 20261124T100000Z: DATE-TIME in UTC ("form #2" of RFC 5545 §3.3.5). */
export function formatUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values (§3.3.11): backslash, semicolon, comma and newlines are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line (§3.1): no line longer than 75 octets, continuation lines start with one
 * space, and a UTF-8 character is never split across lines.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry the leading space, so they hold one octet less.
    const limit = parts.length ? MAX_OCTETS - 1 : MAX_OCTETS;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function toICalendar(calendar: ICalendar): string {
  const stamp = formatUtc(calendar.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Privy//Bathroom calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      `STATUS:${event.status ?? 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
