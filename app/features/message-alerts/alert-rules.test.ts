import { describe, expect, it } from 'vitest';
import { RECENT_MESSAGE_ALERTS_LIMIT } from '../../../common/constants.ts';
import type { Message, MessageAlert } from '../../../common/schemas/messages.ts';
import {
  addRecentAlert,
  alertTitle,
  isViewingConversation,
  markAlertRead,
  parseIncomingMessage,
  partySkipReason,
  quickSkipReason,
  senderName,
  toRecentAlert,
} from './alert-rules.ts';

const BOOKING = '7d1f0c52-3a41-4f53-9a43-1f2d8c0b5e61';
const OTHER_BOOKING = '0b6c1e2a-6f0d-4c2e-8a7b-5d9e3f1a2b4c';
const ME = 'user-me';
const THEM = 'user-them';

let sequence = 0;
function alertOf(overrides: Partial<MessageAlert> = {}): MessageAlert {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    bookingId: BOOKING,
    senderName: 'Gina',
    senderAvatar: null,
    content: 'Is the bathroom step-free?',
    timestamp: new Date(Date.UTC(2026, 10, 27, 9, sequence)).toISOString(),
    isRead: false,
    ...overrides,
  };
}

function messageOf(overrides: Partial<Message> = {}): Message {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    conversationId: '22222222-2222-4222-8222-222222222222',
    bookingId: BOOKING,
    senderId: THEM,
    content: 'Is the bathroom step-free?',
    createdAt: '2026-11-27T09:00:00.000Z',
    readAt: null,
    editedAt: null,
    deletedAt: null,
    clientId: null,
    ...overrides,
  };
}

describe('message alert skip rules (spec §5)', () => {
  const incoming = (message: Partial<Message> = {}) => ({ message: messageOf(message), alert: alertOf() });

  it('skips my own message', () => {
    expect(quickSkipReason(incoming({ senderId: ME }), ME, '/')).toBe('own-message');
  });

  it('skips a message of the conversation I am looking at, and only that one', () => {
    expect(quickSkipReason(incoming(), ME, `/messages/${BOOKING}`)).toBe('viewing-conversation');
    expect(quickSkipReason(incoming(), ME, `/messages/${BOOKING}/`)).toBe('viewing-conversation');
    expect(quickSkipReason(incoming(), ME, `/messages/${OTHER_BOOKING}`)).toBeNull();
    expect(quickSkipReason(incoming(), ME, '/messages')).toBeNull();
    expect(quickSkipReason(incoming(), ME, `/bookings/${BOOKING}`)).toBeNull();
    expect(isViewingConversation(`/messages/${BOOKING}x`, BOOKING)).toBe(false);
  });

  it('shows someone else’s message anywhere else', () => {
    expect(quickSkipReason(incoming(), ME, '/dashboard')).toBeNull();
  });

  it('skips when I am neither the guest nor the host, or the conversation is gone', () => {
    expect(partySkipReason({ guestId: ME, hostId: THEM }, ME)).toBeNull();
    expect(partySkipReason({ guestId: THEM, hostId: ME }, ME)).toBeNull();
    expect(partySkipReason({ guestId: THEM, hostId: 'someone-else' }, ME)).toBe('not-a-party');
    expect(partySkipReason(null, ME)).toBe('conversation-not-found');
  });
});

describe('the alert as shown (spec §3, §8, §9)', () => {
  it('cuts the content at 80 characters and adds an ellipsis', () => {
    const exactly80 = 'a'.repeat(80);
    expect(toRecentAlert(alertOf({ content: exactly80 })).content).toBe(exactly80);
    const long = `${'b'.repeat(80)}cut here`;
    expect(toRecentAlert(alertOf({ content: long })).content).toBe(`${'b'.repeat(80)}…`);
  });

  it('names the sender, or "User" when the profile has no name', () => {
    expect(alertTitle(alertOf({ senderName: 'Gina' }))).toBe('💬 Gina');
    expect(alertTitle(alertOf({ senderName: '' }))).toBe('💬 User');
    expect(alertTitle(alertOf({ senderName: '   ' }))).toBe('💬 User');
    expect(senderName(null)).toBe('User');
    expect(toRecentAlert(alertOf({ senderName: '' })).senderName).toBe('User');
  });

  it('starts unread whatever the payload says', () => {
    expect(toRecentAlert(alertOf({ isRead: true })).isRead).toBe(false);
  });
});

describe('the recent alerts list', () => {
  it('keeps the 10 newest, newest first', () => {
    const alerts = Array.from({ length: 12 }, (_, index) => alertOf({ content: `message ${index}` }));
    const list = alerts.reduce<MessageAlert[]>((kept, alert) => addRecentAlert(kept, alert), []);
    expect(RECENT_MESSAGE_ALERTS_LIMIT).toBe(10);
    expect(list).toHaveLength(10);
    expect(list.map((alert) => alert.content)).toEqual(
      Array.from({ length: 10 }, (_, index) => `message ${11 - index}`),
    );
  });

  it('keeps an alert that arrives twice once, at the top', () => {
    const first = alertOf();
    const second = alertOf();
    const list = addRecentAlert(addRecentAlert(addRecentAlert([], first), second), first);
    expect(list.map((alert) => alert.id)).toEqual([first.id, second.id]);
  });

  it('marks one alert read and leaves the others', () => {
    const [a, b] = [alertOf(), alertOf()];
    const list = markAlertRead(addRecentAlert(addRecentAlert([], a), b), a.id);
    expect(list.find((alert) => alert.id === a.id)?.isRead).toBe(true);
    expect(list.find((alert) => alert.id === b.id)?.isRead).toBe(false);
  });
});

describe('parseIncomingMessage', () => {
  it('reads the contract’s payload and refuses anything else', () => {
    const payload = { message: messageOf(), alert: alertOf() };
    expect(parseIncomingMessage(payload)?.message.senderId).toBe(THEM);
    expect(parseIncomingMessage({ message: messageOf() })).toBeNull();
    expect(parseIncomingMessage(null)).toBeNull();
    expect(parseIncomingMessage('message.created')).toBeNull();
  });
});
