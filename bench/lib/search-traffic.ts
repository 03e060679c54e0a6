import http from 'node:http';
import net from 'node:net';
import {
  METRO,
  SEARCH_BOX,
  type SearchCase,
  SLOT_DATE,
  SLOT_DURATIONS,
  SLOT_HOURS,
} from './search-dataset.ts';

/**
 * Search requests with random centres over the metro, and two generators that send them: an open
 * loop at a fixed rate (latency) and a closed loop over raw sockets (most sustained throughput).
 */

/** Every slot start the benchmark asks for: the quarter hours from SLOT_HOURS.first to .last. */
export const SLOT_TIMES = Array.from({ length: (SLOT_HOURS.last - SLOT_HOURS.first + 1) * 4 }, (_, index) => {
  const hour = SLOT_HOURS.first + Math.floor(index / 4);
  return `${String(hour).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`;
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A random search of this case: centre uniform in the metro's search box (as pgbench draws it). */
export function searchPath(searchCase: SearchCase): string {
  const lat = METRO.latitude + (Math.random() * 2 - 1) * SEARCH_BOX.latitude;
  const lng = METRO.longitude + (Math.random() * 2 - 1) * SEARCH_BOX.longitude;
  const radius =
    'meters' in searchCase.radius
      ? `radius_m=${searchCase.radius.meters}`
      : `radius=${searchCase.radius.miles}`;
  const slot = searchCase.slot
    ? `&date=${SLOT_DATE}&time=${pick(SLOT_TIMES)}&duration=${pick(SLOT_DURATIONS)}`
    : '';
  return `/api/bathrooms/search?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}&${radius}${slot}`;
}

export type Sample = { ok: boolean; latencyMs: number };

function get(agent: http.Agent, url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode === 200));
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(false));
  });
}

/**
 * Open loop: requests leave on a fixed schedule whether or not earlier ones have answered, and
 * latency counts from the moment a request was due, so a server that falls behind shows it.
 */
export async function openLoopSearch(options: {
  baseUrl: string;
  nextPath: () => string;
  ratePerSecond: number;
  durationMs: number;
  timeoutMs?: number;
}): Promise<{ samples: Sample[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
  const total = Math.round((options.ratePerSecond * options.durationMs) / 1000);
  const intervalMs = 1000 / options.ratePerSecond;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Catch up on every request that fell due since the last tick (timers are coarse).
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        sent++;
        pending.push(
          get(agent, options.baseUrl + options.nextPath(), options.timeoutMs ?? 10_000).then((ok) => {
            samples.push({ ok, latencyMs: performance.now() - dueAt });
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
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/**
 * Closed loop over raw keep-alive sockets: each of `connections` sockets sends the next search as
 * soon as the previous answer is complete. Raw sockets keep the generator's own cost small, so on
 * two cores it measures the server rather than itself. Responses must carry content-length.
 */
export async function closedLoopSearch(options: {
  port: number;
  nextPath: () => string;
  connections: number;
  durationMs: number;
}): Promise<{ requests: number; failures: number; perSecond: number }> {
  const request = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nConnection: keep-alive\r\n\r\n`;
  let requests = 0;
  let failures = 0;
  let running = true;
  const started = performance.now();
  const worker = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: options.port, noDelay: true });
      let buffer = Buffer.alloc(0);
      const finish = () => {
        socket.destroy();
        resolve();
      };
      socket.on('connect', () => socket.write(request(options.nextPath())));
      socket.on('error', () => {
        failures++;
        finish();
      });
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const head = buffer.subarray(0, headerEnd).toString('latin1');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) {
          failures++;
          finish();
          return;
        }
        const end = headerEnd + 4 + Number(length[1]);
        if (buffer.length < end) return;
        if (head.startsWith('HTTP/1.1 200')) requests++;
        else failures++;
        buffer = buffer.subarray(end);
        if (!running) finish();
        else socket.write(request(options.nextPath()));
      });
    });
  const timer = setTimeout(() => {
    running = false;
  }, options.durationMs);
  await Promise.all(Array.from({ length: options.connections }, worker));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  return { requests, failures, perSecond: requests / seconds };
}

/** How many results a case's searches find (the `total` of a sample of real answers). */
export async function sampleTotals(
  baseUrl: string,
  nextPath: () => string,
  count: number,
): Promise<{ totals: number[]; bytes: number[] }> {
  const totals: number[] = [];
  const bytes: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(baseUrl + nextPath());
    const text = await response.text();
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${text.slice(0, 300)}`);
    totals.push((JSON.parse(text) as { total: number }).total);
    bytes.push(Buffer.byteLength(text));
  }
  return { totals, bytes };
}
