import { FETCH_RETRY_DELAYS_MS } from '../../common/constants.ts';
import { ApiError, type FieldError, NETWORK_MESSAGE } from './api-error.ts';

/*
 * The one way browser code reaches /api (ADR 110). A call that failed on the way — the network
 * dropped (fetch's TypeError), or a proxy or the server answered 502, 503 or 504, the statuses
 * spec §8 counts as retryable — is tried again up to 3 times (spec §7) after 200, 400 and 800 ms.
 * Only GET and HEAD: they change nothing, so a second try cannot book, pay or send twice. A POST,
 * PATCH, PUT or DELETE whose answer was lost may still have happened; it is never repeated, and the
 * caller shows the error so the person decides. Other answers (4xx, 500) are final: trying again
 * would get the same answer.
 */

const RETRIED_METHODS = new Set(['GET', 'HEAD']);
const RETRIED_STATUSES = new Set([502, 503, 504]);

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type RetryDeps = {
  /** The network; `globalThis.fetch` at call time unless a test gives its own. */
  fetch?: Fetch;
  /** Waits before a retry; a test records the delays instead of waiting. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  delaysMs?: readonly number[];
};

function methodOf(input: string | URL | Request, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** A fetch that retries idempotent reads as described above. */
export function createApiFetch(deps: RetryDeps = {}): Fetch {
  const delays = deps.delaysMs ?? FETCH_RETRY_DELAYS_MS;
  const sleep = deps.sleep ?? wait;
  return async function apiFetch(input, init) {
    const network = deps.fetch ?? globalThis.fetch;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const retried = RETRIED_METHODS.has(methodOf(input, init));
    for (let attempt = 0; ; attempt += 1) {
      const delay = retried ? delays[attempt] : undefined;
      try {
        const response = await network(input, init);
        if (delay === undefined || !RETRIED_STATUSES.has(response.status)) return response;
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        // An abort is the caller's wish, not a failure; anything but a TypeError is not the network.
        if (delay === undefined || signal?.aborted || !(error instanceof TypeError)) throw error;
      }
      await sleep(delay, signal ?? undefined);
    }
  };
}

export const apiFetch = createApiFetch();

type JsonInit = { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * `apiFetch` for our JSON API: sends `body` as JSON and returns the parsed answer (undefined for
 * 204); throws ApiError with the server's `message` and `fields` for a refusal, or with status 0
 * and NETWORK_MESSAGE when Privy could not be reached even after the retries. An abort rethrows
 * the abort.
 */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  init: JsonInit = {},
): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as
    | (T & { message?: string; fields?: FieldError[] })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      payload?.message ?? `Something went wrong (${response.status}). Please try again.`,
      payload?.fields ?? [],
    );
  }
  return payload as T;
}
