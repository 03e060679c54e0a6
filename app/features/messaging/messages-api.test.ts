import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_MESSAGE_ACTION } from '../../../common/messaging.ts';
import { ApiError } from '../../lib/api-error.ts';
import { SocketUnavailableError } from '../realtime/socket-requester.ts';
import { messagesApi } from './messages-api.ts';

const bookingId = '0193a0b0-0000-7000-8000-000000000001';
const clientId = '0193a0b0-0000-7000-8000-0000000000c1';
const message = { id: 'm1', content: 'Hi' };

function httpAnswers(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('sending a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes over the open socket and makes no HTTP request', async () => {
    const fetch = httpAnswers(500, {});
    const live = { request: vi.fn(async () => ({ status: 201, body: { message } })) };
    expect(await messagesApi.send(bookingId, 'Hi', clientId, live)).toEqual({ message });
    expect(live.request).toHaveBeenCalledWith(SEND_MESSAGE_ACTION, { bookingId, content: 'Hi', clientId });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes the socket's refusal as final, with the server's words and fields", async () => {
    const fetch = httpAnswers(201, { message });
    const live = {
      request: vi.fn(async () => ({
        status: 400,
        body: {
          error: 'validation_error',
          message: 'content: Write a message first.',
          fields: [{ field: 'content', message: 'Write a message first.' }],
        },
      })),
    };
    const refused = await messagesApi.send(bookingId, ' ', clientId, live).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, fields: [{ field: 'content' }] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to HTTP with the same clientId when the socket cannot answer', async () => {
    const fetch = httpAnswers(201, { message });
    const live = { request: vi.fn(async () => Promise.reject(new SocketUnavailableError('closed'))) };
    expect(await messagesApi.send(bookingId, 'Hi', clientId, live)).toEqual({ message });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/messages/${bookingId}`);
    expect(JSON.parse(String(init.body))).toEqual({ content: 'Hi', clientId });
  });
});
