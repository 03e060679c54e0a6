import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatUtc, toICalendar } from './ical.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('iCalendar writer', () => {
  it('writes UTC DATE-TIMEs without separators or milliseconds', () => {
    expect(formatUtc(new Date('2026-11-24T10:05:09.123Z'))).toBe('20261124T100509Z');
  });

  it('escapes backslashes, semicolons, commas and newlines in TEXT', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds at 75 octets with a leading space, never splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    // Unfolding (drop CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes a calendar with CRLF endings, one VEVENT per event and a UID each', () => {
    const text = toICalendar({
      name: 'Privy: Sunny bathroom',
      now: new Date('2026-11-24T08:00:00Z'),
      events: [
        {
          uid: 'booking-1@privy.test',
          start: new Date('2026-11-25T15:00:00Z'),
          end: new Date('2026-11-25T16:00:00Z'),
          summary: 'Booked: Gina, 60 min',
        },
        {
          uid: 'blackout-2@privy.test',
          start: new Date('2026-12-01T00:00:00Z'),
          end: new Date('2026-12-03T00:00:00Z'),
          summary: 'Blocked',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('X-WR-CALNAME:Privy: Sunny bathroom');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('UID:booking-1@privy.test');
    expect(lines).toContain('DTSTART:20261125T150000Z');
    expect(lines).toContain('DTEND:20261125T160000Z');
    expect(lines).toContain('SUMMARY:Booked: Gina\\, 60 min');
    expect(lines).toContain('DTSTAMP:20261124T080000Z');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
  });
});
