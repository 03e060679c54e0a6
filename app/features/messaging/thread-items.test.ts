import { describe, expect, it } from 'vitest';
import { dayLabel, threadItems } from './thread-items.ts';
import type { ThreadMessage } from './thread-state.ts';

const at = (id: string, createdAt: string): ThreadMessage => ({
  id,
  conversationId: 'c',
  bookingId: 'b',
  senderId: 's',
  content: id,
  createdAt,
  readAt: null,
  editedAt: null,
  deletedAt: null,
  clientId: null,
  delivery: 'sent',
});

const NOW = new Date('2026-11-27T18:00:00.000Z');

describe('day separators', () => {
  it('start each day of the bathroom’s calendar, not UTC’s', () => {
    // 03:30 UTC on the 27th is still the evening of the 26th in New York.
    const items = threadItems(
      [
        at('a', '2026-11-25T15:00:00.000Z'),
        at('b', '2026-11-27T03:30:00.000Z'),
        at('c', '2026-11-27T15:00:00.000Z'),
        at('d', '2026-11-27T16:00:00.000Z'),
      ],
      'America/New_York',
      NOW,
    );
    expect(items.map((item) => (item.kind === 'day' ? `[${item.label}]` : item.message.id))).toEqual([
      '[Wed, Nov 25]',
      'a',
      '[Yesterday]',
      'b',
      '[Today]',
      'c',
      'd',
    ]);
  });

  it('names the year only for another year', () => {
    expect(dayLabel('2025-12-31T15:00:00.000Z', 'UTC', NOW)).toBe('Wed, Dec 31, 2025');
  });

  it('key an optimistic message by its clientId so it keeps its place when the server copy lands', () => {
    const items = threadItems([{ ...at('m9', '2026-11-27T16:00:00.000Z'), clientId: 'c9' }], 'UTC', NOW);
    expect(items[1]?.key).toBe('c9');
  });
});
