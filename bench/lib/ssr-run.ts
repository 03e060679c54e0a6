import { existsSync } from 'node:fs';
import path from 'node:path';
import { closedLoopHttp, openLoop } from './http-load.ts';
import { machine, percentile, ROOT, spawnPrivy, waitFor200 } from './server.ts';

/**
 * Server-side rendering of one page, on the built app in production mode with the embedded
 * database, as `npm start` runs it. First a fixed 100 requests/s for 20 s (open loop: latency
 * under a steady, realistic load; goal p99 < 50 ms), then 20 requests/s for 10 s (the render
 * time when requests rarely queue), then as fast as 8 connections can go for 10 s (the most it
 * sustains). All traffic goes to 127.0.0.1.
 */
const RATE = 100;
const DURATION_MS = 20_000;
const WARMUP_MS = 3_000;
const GOAL_P99_MS = 50;
const MAX_CONNECTIONS = 8;
const MAX_MS = 10_000;
const LIGHT_RATE = 20;
const LIGHT_MS = 10_000;

export async function runSsrBench(options: { name: string; pathname: string; mustContain: string }) {
  if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
    console.error(`The web app is not built: run \`npm run ${options.name}\` (it builds first).`);
    process.exit(1);
  }
  console.info(`${options.name}: GET ${options.pathname}; ${machine()}`);
  const privy = await spawnPrivy();
  try {
    await waitFor200(`${privy.baseUrl}/healthz`, 60_000, privy.child);
    const url = new URL(options.pathname, privy.baseUrl);
    const first = await fetch(url);
    const html = await first.text();
    // A page that rendered its error boundary or an empty list would be cheaper: check it is the real one.
    if (first.status !== 200 || !html.includes(options.mustContain)) {
      throw new Error(`GET ${options.pathname} answered ${first.status} without "${options.mustContain}"`);
    }

    await openLoop({ url, ratePerSecond: RATE, durationMs: WARMUP_MS });
    const run = await openLoop({ url, ratePerSecond: RATE, durationMs: DURATION_MS });
    const latencies = run.samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
    const errors = run.samples.filter((sample) => !sample.ok).length + run.dropped;
    const completed = run.samples.filter((sample) => sample.ok).length;
    const p99 = percentile(latencies, 99);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.info(
      `  open loop: ${run.samples.length} requests in ${run.seconds.toFixed(1)} s, page ${(html.length / 1024).toFixed(0)} KiB`,
    );

    // For context: the same page at a light load, where requests rarely wait for each other.
    const light = await openLoop({ url, ratePerSecond: LIGHT_RATE, durationMs: LIGHT_MS });
    const lightLatencies = light.samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
    console.info(
      `  at ${LIGHT_RATE} req/s for ${LIGHT_MS / 1000} s: p50 ${fmt(percentile(lightLatencies, 50))}, ` +
        `p99 ${fmt(percentile(lightLatencies, 99))}, errors ${light.samples.filter((sample) => !sample.ok).length}`,
    );

    const max = await closedLoopHttp({ url, connections: MAX_CONNECTIONS, durationMs: MAX_MS });
    console.info(
      `RESULT ${options.name} GET ${options.pathname} at ${RATE} req/s for ${DURATION_MS / 1000} s: ` +
        `achieved ${(completed / run.seconds).toFixed(1)} req/s, ` +
        `p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, p99 ${fmt(p99)}, ` +
        `max ${fmt(latencies.at(-1) ?? Number.NaN)}, errors ${errors} (goal p99 < ${GOAL_P99_MS} ms: ${p99 < GOAL_P99_MS ? 'met' : 'MISSED'}); ` +
        `most sustained: ${max.perSecond.toFixed(0)} req/s with ${MAX_CONNECTIONS} connections (${max.errors} errors)`,
    );
  } catch (error) {
    console.error(privy.output());
    throw error;
  } finally {
    await privy.stop();
  }
}
