import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ConversationPage, ConversationSummary } from '../../../common/schemas/messages.ts';
import { describeWithApp } from '../../test/harness.ts';
import { holdWithCheckout, startIn } from '../bookings/booking-test-support.ts';
import {
  confirmedBooking,
  deleteMessage,
  messagingCast,
  pastBooking,
  sendOk,
  unreadCount,
} from './messaging-test-support.ts';
import { SEND_LIMIT_PER_MINUTE } from './routes.ts';

/** A conversation's life: opening, sending, paging, reading, deleting, closing (ADR 119). */

describeWithApp('messaging: conversations', (ctx) => {
  const conversations = () => ctx().services.db.selectFrom('conversations').selectAll().execute();

  it('opens a conversation when the booking is paid for, not while it is a hold', async () => {
    const { guest, host, bathroomId, bookingId } = await messagingCast(ctx);
    const hold = await holdWithCheckout(guest, bathroomId, startIn(5));
    expect(await conversations()).toEqual([
      expect.objectContaining({ booking_id: bookingId, guest_id: guest.id, host_id: host.id }),
    ]);
    const early = await guest.agent.post(`/api/messages/${hold.booking.id}`, { content: 'Hello?' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once the booking is paid/);
    expect(await conversations()).toHaveLength(1);
  });

  it('opens one on first access for a booking confirmed before messaging existed', async () => {
    const { guest, host, bathroomId } = await messagingCast(ctx);
    const old = await pastBooking(ctx, { guestId: guest.id, bathroomId, endedDaysAgo: 2 });
    const cancelledHold = await pastBooking(ctx, {
      guestId: guest.id,
      bathroomId,
      endedDaysAgo: 3,
      status: 'cancelled',
      confirmed: false,
    });
    const page = await host.agent.get(`/api/messages/${old}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as ConversationPage).conversation).toMatchObject({
      bookingId: old,
      role: 'host',
      canSend: true,
      booking: { status: 'completed' },
    });
    expect((await conversations()).map((c) => c.booking_id)).toContain(old);
    // Never paid for: no conversation to open.
    expect((await guest.agent.get(`/api/messages/${cancelledHold}`)).statusCode).toBe(404);
  });

  it('pages newest last with a cursor, oldest page last', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const sent = [];
    for (let index = 1; index <= 7; index++) {
      sent.push(await sendOk(index % 2 ? guest : host, bookingId, `Message ${index}`));
    }
    const page = async (query: string) =>
      (await guest.agent.get(`/api/messages/${bookingId}?${query}`)).json() as ConversationPage;
    const newest = await page('limit=3');
    expect(newest.messages.map((m) => m.content)).toEqual(['Message 5', 'Message 6', 'Message 7']);
    expect(newest.conversation.lastMessage?.content).toBe('Message 7');
    expect(newest.nextCursor).toBeTruthy();
    const middle = await page(`limit=3&before=${encodeURIComponent(newest.nextCursor as string)}`);
    expect(middle.messages.map((m) => m.content)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    const oldest = await page(`limit=3&before=${encodeURIComponent(middle.nextCursor as string)}`);
    expect(oldest.messages.map((m) => m.content)).toEqual(['Message 1']);
    expect(oldest.nextCursor).toBeNull();
    expect((await page('')).messages.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    expect(newest.messages.every((m) => m.bookingId === bookingId)).toBe(true);
  });

  it('pages through messages stored in the same millisecond without losing or repeating one', async () => {
    const { guest, bookingId } = await messagingCast(ctx);
    await sendOk(guest, bookingId, 'First');
    const { db } = ctx().services;
    const { conversation_id } = await db
      .selectFrom('messages')
      .select('conversation_id')
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() + 1000);
    await db
      .insertInto('messages')
      .values(
        ['A', 'B', 'C'].map((content) => ({ conversation_id, sender_id: guest.id, content, created_at: at })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
      const page = (
        await guest.agent.get(`/api/messages/${bookingId}?limit=1${query}`)
      ).json() as ConversationPage;
      seen.unshift(...page.messages.map((m) => m.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBe('First');
    expect(new Set(seen)).toEqual(new Set(['First', 'A', 'B', 'C']));
  });

  it('counts unread across conversations and marks read up to a message, with a receipt', async () => {
    const { guest, host, otherGuest, bathroomId, bookingId } = await messagingCast(ctx);
    const second = await confirmedBooking(ctx, otherGuest, bathroomId, startIn(4));
    const first = await sendOk(guest, bookingId, 'Running 5 minutes late');
    const middle = await sendOk(guest, bookingId, 'Where is the key?');
    await sendOk(guest, bookingId, 'Found it, thanks');
    await sendOk(otherGuest, second, 'Is there soap?');
    await sendOk(host, bookingId, 'No problem');
    expect(await unreadCount(host)).toBe(4);
    expect(await unreadCount(guest)).toBe(1);

    const list = (await host.agent.get('/api/messages/conversations')).json()
      .conversations as ConversationSummary[];
    expect(list.map((c) => [c.bookingId, c.unreadCount, c.lastMessage?.content])).toEqual([
      [bookingId, 3, 'No problem'],
      [second, 1, 'Is there soap?'],
    ]);
    // q filters by the other party's first name or the bathroom title.
    const gina = await host.agent.get('/api/messages/conversations?q=gIN');
    expect(gina.json().conversations.map((c: ConversationSummary) => c.bookingId)).toEqual([bookingId]);
    expect((await host.agent.get('/api/messages/conversations?q=%25')).json().conversations).toEqual([]);

    const read = await host.agent.post(`/api/messages/${bookingId}/read`, { upToMessageId: middle.id });
    expect(read.json()).toEqual({ count: 2 });
    const guestView = (await guest.agent.get(`/api/messages/${bookingId}`)).json() as ConversationPage;
    expect(guestView.otherReadUpTo).toBe(middle.createdAt);
    expect(guestView.messages.find((m) => m.id === first.id)?.readAt).toBeTruthy();
    expect(guestView.messages.at(2)?.readAt).toBeNull();
    // Marking read one's own message reads nothing of the other party's beyond it.
    const own = await guest.agent.post(`/api/messages/${bookingId}/read`, { upToMessageId: first.id });
    expect(own.json()).toEqual({ count: 1 });
    expect(await unreadCount(host)).toBe(2);
  });

  it('deletes only its own message, leaving a marker, once', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const message = await sendOk(guest, bookingId, 'Wrong door code, sorry');
    expect(await unreadCount(host)).toBe(1);
    const removed = await deleteMessage(guest, bookingId, message.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toMatchObject({
      id: message.id,
      content: '',
      deletedAt: expect.any(String),
    });
    const again = await deleteMessage(guest, bookingId, message.id);
    expect(again.json().message.deletedAt).toBe(removed.json().message.deletedAt);
    const page = (await host.agent.get(`/api/messages/${bookingId}`)).json() as ConversationPage;
    expect(page.messages).toEqual([expect.objectContaining({ id: message.id, content: '' })]);
    expect(await unreadCount(host)).toBe(0);
    const row = await ctx().services.db.selectFrom('messages').selectAll().executeTakeFirstOrThrow();
    expect(row.content).toBe('');
  });

  it('stores a retried send with the same clientId once', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const clientId = randomUUID();
    const first = await sendOk(guest, bookingId, 'On my way', clientId);
    const retry = await sendOk(guest, bookingId, 'On my way', clientId);
    expect(retry.id).toBe(first.id);
    expect(first.clientId).toBe(clientId);
    // Another sender may happen to use the same id.
    const hers = await sendOk(host, bookingId, 'See you', clientId);
    expect(hers.id).not.toBe(first.id);
    expect(await ctx().services.db.selectFrom('messages').select('id').execute()).toHaveLength(2);
    expect(await unreadCount(host)).toBe(1);
  });

  it('closes sending 7 days after the booking ends or is cancelled; reading stays open', async () => {
    const { guest, host, bathroomId } = await messagingCast(ctx);
    const recent = await pastBooking(ctx, { guestId: guest.id, bathroomId, endedDaysAgo: 6 });
    const ended = await pastBooking(ctx, { guestId: guest.id, bathroomId, endedDaysAgo: 8 });
    const cancelled = await pastBooking(ctx, {
      guestId: guest.id,
      bathroomId,
      endedDaysAgo: 9,
      status: 'cancelled',
    });
    await sendOk(guest, recent, 'Thanks again!');
    for (const bookingId of [ended, cancelled]) {
      for (const member of [guest, host]) {
        const refused = await member.agent.post(`/api/messages/${bookingId}`, { content: 'Hello again' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/Messages close 7 days after a booking/);
        expect((await member.agent.post(`/api/messages/${bookingId}/typing`)).statusCode).toBe(409);
        const page = (await member.agent.get(`/api/messages/${bookingId}`)).json() as ConversationPage;
        expect(page.conversation.canSend).toBe(false);
        expect(page.conversation.closedReason).toMatch(/closed on/);
      }
    }
    const cancelledPage = (await guest.agent.get(`/api/messages/${cancelled}`)).json() as ConversationPage;
    expect(cancelledPage.conversation.closedReason).toMatch(/is cancelled/);
  });

  it(`limits a sender to ${SEND_LIMIT_PER_MINUTE} messages a minute`, async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    for (let index = 0; index < SEND_LIMIT_PER_MINUTE; index++)
      await sendOk(guest, bookingId, `Ping ${index}`);
    const refused = await guest.agent.post(`/api/messages/${bookingId}`, { content: 'One more' });
    expect(refused.statusCode).toBe(429);
    // The budget is the sender's own: the host still writes.
    await sendOk(host, bookingId, 'Please slow down');
  });
});
