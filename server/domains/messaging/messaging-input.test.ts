import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { MESSAGE_EVENT_CONTENT_BYTES, MESSAGE_MAX_LENGTH } from '../../../common/schemas/messages.ts';
import { describeWithApp } from '../../test/harness.ts';
import { connect, subscribe } from '../realtime/socket-test-support.ts';
import { messagingCast, sendOk } from './messaging-test-support.ts';

/** Bad input answers a 4xx naming the field, never a 5xx; text is stored as text (ADR 104, 119). */

type Response = { statusCode: number; json: () => { error: string; fields?: Array<{ field: string }> } };

function expectRefused(response: Response, field: string, status = 400) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(response.json().fields?.map((f) => f.field)).toContain(field);
}

describeWithApp('messaging: input', (ctx) => {
  it('refuses empty, too long and control-character messages, naming content', async () => {
    const { guest, bookingId } = await messagingCast(ctx);
    const send = (body: unknown) => guest.agent.post(`/api/messages/${bookingId}`, body);
    expectRefused(await send({ content: '' }), 'content');
    expectRefused(await send({ content: ' \n\t ' }), 'content');
    expectRefused(await send({}), 'content');
    expectRefused(await send({ content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }), 'content');
    expectRefused(await send({ content: 'Where is\u0000 the key?' }), 'content');
    expectRefused(await send({ content: 'bell\u0007' }), 'content');
    expectRefused(await send({ content: 'broken \ud800 pair' }), 'content');
    expectRefused(await send({ content: 42 }), 'content');
    expectRefused(await send({ content: 'Hi', clientId: 'not-a-uuid' }), 'clientId');
    expectRefused(await send({ content: 'Hi', sender: 'someone else' }), 'sender');
    const notJson = await guest.agent.request('POST', `/api/messages/${bookingId}`, '{"content":', {
      'content-type': 'application/json',
    });
    expect(notJson.statusCode).toBe(400);
    // Nothing of the above was stored.
    expect(await ctx().services.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });

  it('keeps a message of exactly 2,000 characters, wide ones too, and delivers it live', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const socket = await connect(ctx().app, host.agent);
    await subscribe(socket, `user:${host.id}`);
    // Three UTF-8 bytes each: the largest message the events must still carry.
    const wide = '€'.repeat(MESSAGE_MAX_LENGTH);
    const message = await sendOk(guest, bookingId, wide);
    expect(message.content).toBe(wide);
    const event = await socket.messages.next((m) => m.type === 'event' && m.event === 'message.created');
    expect(event).toMatchObject({
      payload: { message: { content: wide }, alert: { content: `${'€'.repeat(80)}…` } },
    });
    // Surrounding spaces are trimmed; inner line breaks kept.
    expect((await sendOk(guest, bookingId, `  ${'y'.repeat(MESSAGE_MAX_LENGTH)}  `)).content).toHaveLength(
      MESSAGE_MAX_LENGTH,
    );
    expect((await sendOk(guest, bookingId, 'Line one\nLine two')).content).toBe('Line one\nLine two');
    socket.socket.terminate();
  });

  it('keeps 2,000 emoji (8,000 bytes, more than a NOTIFY carries) and sends the live event cut, marked partial', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const socket = await connect(ctx().app, host.agent);
    await subscribe(socket, `conversation:${bookingId}`);
    const emoji = '😀'.repeat(MESSAGE_MAX_LENGTH);
    const message = await sendOk(guest, bookingId, emoji);
    expect(message.content).toBe(emoji);
    const event = await socket.messages.next((m) => m.type === 'event' && m.event === 'message.created');
    const payload = (event as { payload: { message: { id: string; content: string }; partial?: boolean } })
      .payload;
    expect(payload.partial).toBe(true);
    expect(payload.message.id).toBe(message.id);
    // Cut on a character boundary, within the budget, and a prefix of what was stored.
    expect(Buffer.byteLength(payload.message.content)).toBeLessThanOrEqual(MESSAGE_EVENT_CONTENT_BYTES);
    expect(payload.message.content).toBe('😀'.repeat(MESSAGE_EVENT_CONTENT_BYTES / 4));
    // The page the open thread then fetches has it whole.
    const page = await host.agent.get(`/api/messages/${bookingId}`);
    expect(page.json().messages.at(-1).content).toBe(emoji);
    socket.socket.terminate();
  });

  it('stores HTML and SQL-looking text as the plain text it is', async () => {
    const { guest, host, bookingId } = await messagingCast(ctx);
    const html = '<script>alert("hi")</script><b>bold</b> & \'; drop table messages; --';
    const sent = await sendOk(guest, bookingId, html);
    expect(sent.content).toBe(html);
    const page = (await host.agent.get(`/api/messages/${bookingId}`)).json();
    expect(page.messages.map((m: { content: string }) => m.content)).toEqual([html]);
  });

  it('refuses bad ids, cursors, limits and filters, naming the field', async () => {
    const { guest, bookingId } = await messagingCast(ctx);
    const message = await sendOk(guest, bookingId, 'Where is the key?');
    expectRefused(await guest.agent.get('/api/messages/not-a-booking'), 'bookingId');
    expectRefused(await guest.agent.post('/api/messages/123/typing'), 'bookingId');
    expectRefused(await guest.agent.post('/api/messages/123', { content: 'Hi' }), 'bookingId');
    expectRefused(await guest.agent.request('DELETE', `/api/messages/${bookingId}/nope`), 'messageId');
    expectRefused(await guest.agent.request('DELETE', `/api/messages/nope/${message.id}`), 'bookingId');
    const read = (body: unknown) => guest.agent.post(`/api/messages/${bookingId}/read`, body);
    expectRefused(await read({}), 'upToMessageId');
    expectRefused(await read({ upToMessageId: 'last' }), 'upToMessageId');
    // A well-formed id of no message here.
    expectRefused(await read({ upToMessageId: randomUUID() }), 'upToMessageId', 404);

    const page = (query: string) => guest.agent.get(`/api/messages/${bookingId}?${query}`);
    for (const cursor of [
      'garbage',
      `2026-11-27T10:00:00.000Z_${randomUUID()}_extra`,
      `not-a-time_${randomUUID()}`,
      '2026-11-27T10:00:00.000Z_not-a-uuid',
      `1900-01-01T00:00:00.000Z_${randomUUID()}`,
      `2026-11-27T10:00:00.000Z_${randomUUID()}%00`,
    ]) {
      expectRefused(await page(`before=${encodeURIComponent(cursor)}`), 'before');
    }
    for (const limit of ['0', '101', 'ten', '1.5']) expectRefused(await page(`limit=${limit}`), 'limit');
    expectRefused(await page('after=1'), 'after');
    const list = (query: string) => guest.agent.get(`/api/messages/conversations?${query}`);
    expectRefused(await list(`q=${encodeURIComponent('a\u0000b')}`), 'q');
    expectRefused(await list(`q=${'x'.repeat(101)}`), 'q');
    expectRefused(await list('limit=1000'), 'limit');
  });
});
