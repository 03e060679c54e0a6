import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCH_RETRY_DELAYS_MS } from '../../common/constants.ts';
import { ApiError, NETWORK_MESSAGE } from './api-error.ts';
import { apiJson, createApiFetch } from './api-fetch.ts';

/** A fake network that answers from a script, one step per call, and a clock that only records. */
function fakeNetwork(script: Array<number | 'offline'>) {
  const calls: Array<{ url: string; method: string }> = [];
  const waits: number[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET' });
    const step = script[Math.min(calls.length - 1, script.length - 1)];
    if (step === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ ok: step }), { status: step });
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { calls, waits, apiFetch: createApiFetch({ fetch, sleep }) };
}

describe('apiFetch', () => {
  it('tries a GET again after a network failure, waiting 200, 400 ms, and returns the answer', async () => {
    const net = fakeNetwork(['offline', 'offline', 200]);
    const response = await net.apiFetch('/api/things');
    expect(response.status).toBe(200);
    expect(net.calls).toHaveLength(3);
    expect(net.waits).toEqual([200, 400]);
  });

  it('gives up after 3 retries (4 tries in all) and throws the network error', async () => {
    const net = fakeNetwork(['offline']);
    await expect(net.apiFetch('/api/things', { method: 'HEAD' })).rejects.toThrow(TypeError);
    expect(net.calls).toHaveLength(4);
    expect(net.waits).toEqual([...FETCH_RETRY_DELAYS_MS]);
    expect(FETCH_RETRY_DELAYS_MS).toEqual([200, 400, 800]);
  });

  it.each([502, 503, 504])(
    'tries a GET answered %i again, and returns the last answer if it lasts',
    async (status) => {
      const recovers = fakeNetwork([status, 200]);
      expect((await recovers.apiFetch('/api/things')).status).toBe(200);
      expect(recovers.calls).toHaveLength(2);

      const stays = fakeNetwork([status]);
      expect((await stays.apiFetch('/api/things')).status).toBe(status);
      expect(stays.calls).toHaveLength(4);
    },
  );

  it.each([400, 401, 403, 404, 409, 429, 500])('takes a GET answered %i as final', async (status) => {
    const net = fakeNetwork([status, 200]);
    expect((await net.apiFetch('/api/things')).status).toBe(status);
    expect(net.calls).toHaveLength(1);
    expect(net.waits).toEqual([]);
  });

  it.each(['POST', 'PATCH', 'PUT', 'DELETE', 'post'])(
    'never repeats a %s, whatever happened',
    async (method) => {
      const offline = fakeNetwork(['offline', 200]);
      await expect(offline.apiFetch('/api/bookings', { method, body: '{}' })).rejects.toThrow(TypeError);
      expect(offline.calls).toHaveLength(1);

      const unavailable = fakeNetwork([503, 200]);
      expect((await unavailable.apiFetch('/api/bookings', { method, body: '{}' })).status).toBe(503);
      expect(unavailable.calls).toHaveLength(1);
    },
  );

  it('reads the method of a Request it is given', async () => {
    const net = fakeNetwork(['offline', 200]);
    await expect(
      net.apiFetch(new Request('http://localhost/api/things', { method: 'POST', body: '{}' })),
    ).rejects.toThrow(TypeError);
    expect(net.calls).toHaveLength(1);
  });

  it('stops when the caller aborts, without another try', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new TypeError('Failed to fetch');
    });
    const apiFetch = createApiFetch({ fetch, sleep: async () => undefined });
    await expect(apiFetch('/api/things', { signal: controller.signal })).rejects.toThrow(TypeError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an abort during the wait ends it with the abort reason', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const apiFetch = createApiFetch({ fetch, delaysMs: [60_000] });
    const pending = apiFetch('/api/things', { signal: controller.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    controller.abort(new DOMException('Left the page', 'AbortError'));
    await expect(pending).rejects.toThrow('Left the page');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('apiJson', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON and returns the parsed answer', async () => {
    const fetch = vi.fn(async () => Response.json({ id: 'p1' }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiJson('PATCH', '/api/profile', { first_name: 'Ada' })).resolves.toEqual({ id: 'p1' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/profile',
      expect.objectContaining({
        method: 'PATCH',
        body: '{"first_name":"Ada"}',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
      }),
    );
  });

  it("throws the server's message and fields for a refusal", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        {
          error: 'validation',
          message: 'Check the name.',
          fields: [{ field: 'first_name', message: 'Too long.' }],
        },
        { status: 400 },
      ),
    );
    const refusal = await apiJson('PATCH', '/api/profile', {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 400,
      message: 'Check the name.',
      fields: [{ field: 'first_name', message: 'Too long.' }],
    });
  });

  it('says Privy could not be reached when the network stays down (a POST, tried once)', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    await expect(apiJson('POST', '/api/notifications/mark-all-viewed')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_MESSAGE,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('returns nothing for 204', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/notifications/n1')).resolves.toBeUndefined();
  });
});
