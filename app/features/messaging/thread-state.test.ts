import { describe, expect, it } from 'vitest';
import type { Message } from '../../../common/schemas/messages.ts';
import {
  initialThread,
  lastIncomingId,
  optimisticMessage,
  seenMessageId,
  threadReducer,
} from './thread-state.ts';

const GUEST = 'guest-1';
const HOST = 'host-1';
const BOOKING = '7d3c8f7e-5f8a-4b8e-9d1e-2a3b4c5d6e7f';
const CONVERSATION = '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d';

function message(id: string, senderId: string, createdAt: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: CONVERSATION,
    bookingId: BOOKING,
    senderId,
    content: `text ${id}`,
    createdAt,
    readAt: null,
    editedAt: null,
    deletedAt: null,
    clientId: null,
    ...extra,
  };
}

const start = initialThread({
  messages: [
    message('m1', HOST, '2026-11-27T10:00:00.000Z'),
    message('m2', GUEST, '2026-11-27T10:01:00.000Z'),
  ],
  nextCursor: 'cursor-1',
  otherReadUpTo: null,
});

function sendOwn(clientId: string, at: string) {
  return optimisticMessage({
    clientId,
    content: 'On my way',
    senderId: GUEST,
    bookingId: BOOKING,
    conversationId: CONVERSATION,
    now: new Date(at),
  });
}

describe('a thread with optimistic sending', () => {
  it('shows an own message at once, then the server copy in its place (answer first)', () => {
    const pending = threadReducer(start, {
      type: 'sending',
      message: sendOwn('c1', '2026-11-27T10:02:00.000Z'),
    });
    expect(pending.messages.at(-1)).toMatchObject({ id: 'c1', delivery: 'sending' });
    const server = message('m3', GUEST, '2026-11-27T10:02:01.000Z', { clientId: 'c1', content: 'On my way' });
    const sent = threadReducer(pending, { type: 'sent', message: server });
    // The live event for the same message arrives after the answer: still one copy.
    const echoed = threadReducer(sent, { type: 'received', message: server });
    expect(echoed.messages.map((m) => [m.id, m.delivery])).toEqual([
      ['m1', 'sent'],
      ['m2', 'sent'],
      ['m3', 'sent'],
    ]);
  });

  it('keeps one copy when the live event beats the answer', () => {
    const pending = threadReducer(start, {
      type: 'sending',
      message: sendOwn('c1', '2026-11-27T10:02:00.000Z'),
    });
    const server = message('m3', GUEST, '2026-11-27T10:02:01.000Z', { clientId: 'c1' });
    const live = threadReducer(pending, { type: 'received', message: server });
    const answered = threadReducer(live, { type: 'sent', message: server });
    expect(answered.messages.filter((m) => m.clientId === 'c1')).toHaveLength(1);
    expect(answered.messages).toHaveLength(3);
  });

  it('marks a failed send and lets it be retried with the same clientId', () => {
    const pending = threadReducer(start, {
      type: 'sending',
      message: sendOwn('c1', '2026-11-27T10:02:00.000Z'),
    });
    const failed = threadReducer(pending, { type: 'failed', clientId: 'c1' });
    expect(failed.messages.at(-1)).toMatchObject({ clientId: 'c1', delivery: 'failed' });
    const retried = threadReducer(failed, { type: 'retry', clientId: 'c1' });
    expect(retried.messages.at(-1)).toMatchObject({ clientId: 'c1', delivery: 'sending' });
  });

  it('puts older pages before, without duplicates, and keeps their cursor', () => {
    const older = threadReducer(start, {
      type: 'older',
      page: {
        messages: [message('m0', HOST, '2026-11-26T09:00:00.000Z'), start.messages[0] as Message],
        nextCursor: null,
      },
    });
    expect(older.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
    expect(older.nextCursor).toBeNull();
  });

  it('shows a deleted message in place (the server sends it with empty content)', () => {
    const deleted = threadReducer(start, {
      type: 'received',
      message: message('m1', HOST, '2026-11-27T10:00:00.000Z', {
        content: '',
        deletedAt: '2026-11-27T10:05:00.000Z',
      }),
    });
    expect(deleted.messages[0]).toMatchObject({
      id: 'm1',
      content: '',
      deletedAt: '2026-11-27T10:05:00.000Z',
    });
    expect(deleted.messages).toHaveLength(2);
  });
});

describe('Seen and read marks', () => {
  it('puts Seen under the last own message read by the other party, never moving it back', () => {
    expect(seenMessageId(start, GUEST)).toBeNull();
    const read = threadReducer(start, { type: 'read', readUpTo: '2026-11-27T10:01:30.000Z' });
    expect(seenMessageId(read, GUEST)).toBe('m2');
    const later = threadReducer(read, {
      type: 'sending',
      message: sendOwn('c1', '2026-11-27T10:03:00.000Z'),
    });
    // The new message is not read yet: Seen stays under m2.
    expect(seenMessageId(later, GUEST)).toBe('m2');
    const stale = threadReducer(read, { type: 'read', readUpTo: '2026-11-27T09:00:00.000Z' });
    expect(stale.otherReadUpTo).toBe('2026-11-27T10:01:30.000Z');
  });

  it('reads up to the newest message from the other party', () => {
    expect(lastIncomingId(start, GUEST)).toBe('m1');
    expect(lastIncomingId(start, HOST)).toBe('m2');
  });
});
