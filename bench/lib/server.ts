import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/seed/seed-demo.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MAIN = path.join(ROOT, 'server', 'main.ts');

/** A port nobody is listening on right now, on 127.0.0.1 (all bench traffic stays local). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `url` answers 200; returns the time it happened (performance.now()). */
export async function waitFor200(url: string, timeoutMs: number, child?: ChildProcess): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export type PrivyProcess = {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  spawnedAt: number;
  output: () => string;
  stop: () => Promise<void>;
};

export type StartOptions = {
  /** `memory://` for an in-memory PGlite; unset for the persisted PGlite under DATA_DIR. */
  databaseUrl?: string;
  /** Reuse a data folder (a restart) instead of a fresh one. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Node flags before the script, e.g. `--import` a probe or `--cpu-prof`. */
  nodeArgs?: string[];
};

/** Spawns `node server/main.ts` the way `npm start` does, as a production process. */
export async function spawnPrivy(options: StartOptions = {}): Promise<PrivyProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'privy-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Libraries in their production builds (as `npm start`), Privy itself as a deployment (ADR 023).
    NODE_ENV: 'production',
    APP_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // The demo catalogue, asked for explicitly: production leaves it out by default (ADR 108).
    SEED_DEMO: 'true',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the last few kilobytes for error reports; drain everything so the pipe never blocks.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    baseUrl,
    dataDir,
    spawnedAt,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(forced);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `p` percent of the samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

/** One line describing where the figures came from, printed with every result. */
export function machine(): string {
  const gib = (os.totalmem() / 1024 ** 3).toFixed(0);
  const [one] = os.loadavg();
  // The CPU model matters: the same page scores 20–30 points apart on this project's Xeon and EPYC VMs.
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, Node ${process.versions.node}, ${os.availableParallelism()} cores, ${gib} GiB, load average ${one?.toFixed(2)} at start`;
}

/** The first demo listing a search near Austin finds: the listing the page benchmarks load. */
export async function firstListing(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25`);
  const { results } = (await answer.json()) as { results: { id: string }[] };
  if (!results[0]) throw new Error('the demo seed has no bathroom near Austin');
  return `/bathrooms/${results[0].id}`;
}

/** Debian's Chromium (or CHROMIUM_PATH) for the page benchmarks that drive a browser themselves. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

const BENCH_GUEST = 'gina@privy.test';

/** A demo guest's session cookie and one of her bookings, for the signed-in page benchmarks. */
export async function guestBooking(baseUrl: string): Promise<{ cookie: string; bookingId: string }> {
  const signedIn = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: BENCH_GUEST, password: DEMO_PASSWORD }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in as ${BENCH_GUEST} answered ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  for (const tab of ['upcoming', 'past']) {
    const listed = await fetch(`${baseUrl}/api/bookings?tab=${tab}`, { headers: { cookie } });
    const { bookings } = (await listed.json()) as { bookings: { id: string }[] };
    if (bookings[0]) return { cookie, bookingId: bookings[0].id };
  }
  throw new Error(`the demo seed has no booking of ${BENCH_GUEST} to audit`);
}

/**
 * The page a browser benchmark loads from its `--page` flag: `listing` (the first listing near
 * Austin), `booking` (one of the demo guest's bookings, with her cookie), a path, or `fallback`.
 */
export async function benchPage(
  baseUrl: string,
  flag: string | undefined,
  fallback: string,
): Promise<{ path: string; cookie: string | null }> {
  if (flag === 'listing') return { path: await firstListing(baseUrl), cookie: null };
  if (flag === 'booking') {
    const guest = await guestBooking(baseUrl);
    return { path: `/bookings/${guest.bookingId}`, cookie: guest.cookie };
  }
  return { path: flag ?? fallback, cookie: null };
}

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/**
 * A phone-sized tab (412×823, Lighthouse's mobile viewport) with the CPU slowed `throttle` times,
 * carrying `cookie` when the page is a signed-in one; its CDP session for further settings.
 */
export async function throttledPhoneTab(browser: Browser, cookie: string | null, throttle: number) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page, cdp };
}
