import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../common/schemas/messages.ts';
import { visibleConversations } from './conversation-list.tsx';
import { demoConversation } from './demo-conversation.ts';

const base = demoConversation.conversation;

function conversation(
  bookingId: string,
  change: { host?: string; title?: string; unread?: number; lastAt?: string },
): ConversationSummary {
  return {
    ...base,
    bookingId,
    host: { ...base.host, id: `host-${bookingId}`, firstName: change.host ?? 'Paula' },
    bathroom: { ...base.bathroom, title: change.title ?? 'Garden-view bathroom' },
    unreadCount: change.unread ?? 0,
    lastMessage: change.lastAt
      ? { ...(base.lastMessage as NonNullable<typeof base.lastMessage>), createdAt: change.lastAt }
      : null,
  };
}

const list = [
  conversation('a', { host: 'Paula', title: 'Loft near Congress', lastAt: '2026-11-27T10:00:00.000Z' }),
  conversation('b', { host: 'Omar', title: 'Quiet studio', unread: 2, lastAt: '2026-11-20T10:00:00.000Z' }),
  conversation('c', { host: 'Lena', title: 'Garden bathroom', lastAt: '2026-11-26T10:00:00.000Z' }),
];

describe('the conversation list', () => {
  it('puts unread conversations first, then the most recent', () => {
    expect(visibleConversations(list, '', base.guest.id).map((c) => c.bookingId)).toEqual(['b', 'a', 'c']);
  });

  it('finds a conversation by the other party’s name or the bathroom, in any case', () => {
    expect(visibleConversations(list, 'omar', base.guest.id).map((c) => c.bookingId)).toEqual(['b']);
    expect(visibleConversations(list, 'GARDEN', base.guest.id).map((c) => c.bookingId)).toEqual(['c']);
  });

  it('does not match every row on the viewer’s own name', () => {
    expect(visibleConversations(list, base.guest.firstName, base.guest.id)).toEqual([]);
  });
});
