import http from 'node:http';

export type Sample = { ok: boolean; latencyMs: number };

function get(
  agent: http.Agent,
  url: URL,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: timeoutMs, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode === 200));
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(false));
  });
}

/**
 * Open loop: requests leave on a fixed schedule whether or not earlier ones have answered, so a
 * slow server cannot slow the arrivals down and hide its own latency. Latency counts from the
 * moment a request was due, not from when it was sent.
 */
export async function openLoop(options: {
  url: URL;
  ratePerSecond: number;
  durationMs: number;
  timeoutMs?: number;
  maxInFlight?: number;
  /** Sent with every request (a signed-in visitor's cookie). */
  headers?: Record<string, string>;
}): Promise<{ samples: Sample[]; seconds: number; dropped: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight ?? 500 });
  const total = Math.round((options.ratePerSecond * options.durationMs) / 1000);
  const intervalMs = 1000 / options.ratePerSecond;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  let dropped = 0;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Catch up on every request that fell due since the last tick (timers are coarse).
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        sent++;
        if (inFlight >= (options.maxInFlight ?? 500)) {
          dropped++;
          continue;
        }
        inFlight++;
        pending.push(
          get(agent, options.url, options.timeoutMs ?? 10_000, options.headers).then((ok) => {
            inFlight--;
            samples.push({ ok, latencyMs: performance.now() - dueAt });
          }),
        );
      }
      if (sent >= total) resolve();
      else
        setTimeout(tick, Math.max(0, Math.min(intervalMs, started + sent * intervalMs - performance.now())));
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { samples, seconds, dropped };
}

/** Closed loop over keep-alive connections: how many requests per second the server sustains. */
export async function closedLoopHttp(options: {
  url: URL;
  connections: number;
  durationMs: number;
}): Promise<{ requests: number; errors: number; perSecond: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        if (await get(agent, options.url, 10_000)) requests++;
        else errors++;
      }
    }),
  );
  agent.destroy();
  return { requests, errors, perSecond: requests / ((performance.now() - started) / 1000) };
}
