import http from 'node:http';

export type RequestSpec = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export type Sample = { status: number; latencyMs: number };

function send(agent: http.Agent, baseUrl: string, spec: RequestSpec, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      new URL(spec.path, baseUrl),
      { method: spec.method ?? 'GET', agent, timeout: timeoutMs, headers: spec.headers },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
    request.end(spec.body);
  });
}

/**
 * An open loop of any requests: they leave on a fixed schedule whether or not earlier ones have
 * answered, and latency counts from the moment each was due, so a server that stalls shows it
 * (bench/lib/http-load.ts does the same for one fixed GET).
 */
export async function openLoopRequests(options: {
  baseUrl: string;
  ratePerSecond: number;
  durationMs: number;
  next: () => RequestSpec;
  timeoutMs?: number;
}): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const total = Math.max(1, Math.round((options.ratePerSecond * options.durationMs) / 1000));
  const intervalMs = 1000 / options.ratePerSecond;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        sent++;
        pending.push(
          send(agent, options.baseUrl, options.next(), options.timeoutMs ?? 10_000).then((status) => {
            samples.push({ status, latencyMs: performance.now() - dueAt });
          }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, started + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return samples;
}
