import { describe, expect, it, vi } from 'vitest';
import type { MessageAlert } from '../../../common/schemas/messages.ts';
import type { ConversationParties, IncomingMessage } from './alert-rules.ts';
import { type ReceiveDeps, receiveMessage } from './receive-message.ts';

const BOOKING = '7d1f0c52-3a41-4f53-9a43-1f2d8c0b5e61';
const GUEST = 'guest-id';
const HOST = 'host-id';

const alert: MessageAlert = {
  id: '33333333-3333-4333-8333-333333333333',
  bookingId: BOOKING,
  senderName: 'Gina',
  senderAvatar: null,
  content: 'On my way',
  timestamp: '2026-11-27T09:00:00.000Z',
  isRead: false,
};

function incoming(senderId: string): IncomingMessage {
  return {
    alert,
    message: {
      id: '11111111-1111-4111-8111-111111111111',
      conversationId: '22222222-2222-4222-8222-222222222222',
      bookingId: BOOKING,
      senderId,
      content: 'On my way',
      createdAt: '2026-11-27T09:00:00.000Z',
      readAt: null,
      editedAt: null,
      deletedAt: null,
      clientId: null,
    },
  };
}

function deps(overrides: Partial<ReceiveDeps> = {}) {
  const parties: ConversationParties = { guestId: GUEST, hostId: HOST };
  return {
    viewerId: HOST,
    pathname: () => '/dashboard',
    lookupParties: vi.fn(async () => parties),
    alert: vi.fn(),
    warn: vi.fn(),
    ...overrides,
  };
}

describe('receiveMessage', () => {
  it('alerts the host of a message from the guest', async () => {
    const d = deps();
    expect(await receiveMessage(incoming(GUEST), d)).toBeNull();
    expect(d.alert).toHaveBeenCalledWith(alert);
    expect(d.lookupParties).toHaveBeenCalledWith(BOOKING);
  });

  it('skips my own message without looking anything up', async () => {
    const d = deps();
    expect(await receiveMessage(incoming(HOST), d)).toBe('own-message');
    expect(d.alert).not.toHaveBeenCalled();
    expect(d.lookupParties).not.toHaveBeenCalled();
  });

  it('skips while I look at that conversation, also when I opened it during the lookup', async () => {
    const viewing = deps({ pathname: () => `/messages/${BOOKING}` });
    expect(await receiveMessage(incoming(GUEST), viewing)).toBe('viewing-conversation');
    expect(viewing.alert).not.toHaveBeenCalled();

    let path = '/dashboard';
    const opening = deps({
      pathname: () => path,
      lookupParties: vi.fn(async () => {
        path = `/messages/${BOOKING}`;
        return { guestId: GUEST, hostId: HOST };
      }),
    });
    expect(await receiveMessage(incoming(GUEST), opening)).toBe('viewing-conversation');
    expect(opening.alert).not.toHaveBeenCalled();
  });

  it('skips when I am not a party', async () => {
    const d = deps({ viewerId: 'someone-else' });
    expect(await receiveMessage(incoming(GUEST), d)).toBe('not-a-party');
    expect(d.alert).not.toHaveBeenCalled();
    expect(d.warn).not.toHaveBeenCalled();
  });

  it('only warns when the conversation cannot be found', async () => {
    const d = deps({ lookupParties: vi.fn(async () => null) });
    expect(await receiveMessage(incoming(GUEST), d)).toBe('conversation-not-found');
    expect(d.alert).not.toHaveBeenCalled();
    expect(d.warn).toHaveBeenCalledWith(expect.stringContaining(BOOKING));
  });

  it('still alerts when the lookup itself failed (the channel is the recipient’s own)', async () => {
    const d = deps({ lookupParties: vi.fn(async () => Promise.reject(new Error('offline'))) });
    expect(await receiveMessage(incoming(GUEST), d)).toBeNull();
    expect(d.alert).toHaveBeenCalledWith(alert);
    expect(d.warn).toHaveBeenCalledTimes(1);
  });
});
