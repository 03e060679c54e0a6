import { renderIndex } from './lib/render-index.ts';
import {
  benchPage,
  launchChromium,
  machine,
  spawnPrivy,
  throttledPhoneTab,
  waitFor200,
} from './lib/server.ts';

/**
 * Where a page's main-thread long tasks go (the source of Lighthouse's Total Blocking Time): loads
 * the built app in Debian's Chromium with the CPU slowed 4× (Lighthouse's mobile setting), records
 * a Chrome trace from navigation until the page has been quiet for a while, and lists every task
 * over 50 ms with what it spent its time on. The blocking time printed is the sum of each such
 * task's time over 50 ms, as Lighthouse counts it (on the observed trace, not its simulation).
 *
 *   node bench/long-tasks.ts [--page=/bathrooms?…|listing|booking] [--runs=3] [--throttle=4] [--phases]
 *
 * Needs `npm run build` first. The default page is a search near Austin, as bench/lighthouse.ts
 * audits; `--page=listing` is the first listing that search finds, `--page=booking` one of the demo
 * guest's bookings, signed in as she is (bench/lighthouse.ts's signed-in page).
 * `--phases` adds, under each task, its style (UpdateLayoutTree), layout, paint and parsing time.
 */
const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=') || 'true'];
  }),
) as Record<string, string | undefined>;
const SEARCH = '/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';
const RUNS = Number(flags.runs ?? 3);
const THROTTLE = Number(flags.throttle ?? 4);
const LONG_TASK_MS = 50;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
};

/** What a task did, by the kinds of event directly inside it, longest first. */
function breakdown(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter(
    (event) =>
      event !== task &&
      event.tid === task.tid &&
      event.pid === task.pid &&
      event.ph === 'X' &&
      event.ts >= task.ts &&
      event.ts < end,
  );
  // Only outermost events: a FunctionCall's nested calls are already in its duration.
  const outer = inside.filter(
    (event) =>
      !inside.some(
        (other) =>
          other !== event &&
          other.ts <= event.ts &&
          other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
          (other.dur ?? 0) > (event.dur ?? 0),
      ),
  );
  const totals = new Map<string, number>();
  for (const event of outer) {
    const url = event.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '') ?? '';
    const key = url ? `${event.name} ${url.split('/').at(-1)}` : event.name;
    totals.set(key, (totals.get(key) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ');
}

/** Rendering phases, summed wherever they sit inside a task (--phases). */
const PHASES = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
];

function phases(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const totals = new Map<string, { ms: number; count: number }>();
  for (const event of events) {
    if (event.tid !== task.tid || event.pid !== task.pid || event.ph !== 'X') continue;
    if (event.ts < task.ts || event.ts >= end || !PHASES.includes(event.name)) continue;
    const total = totals.get(event.name) ?? { ms: 0, count: 0 };
    total.ms += (event.dur ?? 0) / 1000;
    total.count += 1;
    totals.set(event.name, total);
  }
  return [...totals]
    .filter(([, total]) => total.ms >= 1)
    .map(([name, total]) => `${name} ${total.ms.toFixed(0)} ms${total.count > 1 ? ` (×${total.count})` : ''}`)
    .join(', ');
}

const privy = await spawnPrivy();
const browser = await launchChromium();
try {
  await waitFor200(`${privy.baseUrl}/healthz`, 120_000, privy.child);
  const { path: PAGE, cookie } = await benchPage(privy.baseUrl, flags.page, SEARCH);
  // The machine's rendering speed (bench/lib/render-index.ts), to compare figures across VMs.
  const render = await renderIndex();
  console.info(`long-tasks: ${machine()}, ${render}; ${PAGE}; CPU ÷${THROTTLE}; ${new Date().toISOString()}`);
  const blocking: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { context, page } = await throttledPhoneTab(browser, cookie, THROTTLE);
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${privy.baseUrl}${PAGE}`, { waitUntil: 'load' });
    // Lazy parts mount after hydration: wait until the main thread has been idle for a while.
    await page.waitForTimeout(4000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();
    const events = trace.traceEvents;
    // Times are from the document's request, the first request the page sent.
    const navigation = Math.min(
      ...events.filter((event) => event.name === 'ResourceSendRequest').map((event) => event.ts),
    );
    const tasks = events.filter(
      (event) =>
        event.ph === 'X' &&
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
        (event.dur ?? 0) / 1000 > LONG_TASK_MS,
    );
    let total = 0;
    console.info(`\nrun ${run}: ${tasks.length} tasks over ${LONG_TASK_MS} ms`);
    for (const task of tasks) {
      const ms = (task.dur ?? 0) / 1000;
      total += ms - LONG_TASK_MS;
      console.info(
        `  at ${((task.ts - navigation) / 1000).toFixed(0).padStart(5)} ms: ${ms.toFixed(0).padStart(4)} ms  ${breakdown(task, events)}`,
      );
      if (flags.phases) console.info(`          ${phases(task, events)}`);
    }
    blocking.push(total);
    // The whole load's style and layout, in tasks long and short, on the page's main thread (the
    // thread that did the most styling).
    const byThread = (name: string) => {
      const totals = new Map<string, number>();
      for (const e of events) {
        if (e.name !== name || e.ph !== 'X') continue;
        const thread = `${e.pid}:${e.tid}`;
        totals.set(thread, (totals.get(thread) ?? 0) + (e.dur ?? 0) / 1000);
      }
      return totals;
    };
    const styles = byThread('UpdateLayoutTree');
    const main = [...styles].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const sum = (name: string) => (name === 'UpdateLayoutTree' ? styles : byThread(name)).get(main) ?? 0;
    console.info(
      `  blocking time (observed, over ${LONG_TASK_MS} ms per task): ${total.toFixed(0)} ms; style ${sum('UpdateLayoutTree').toFixed(0)} ms, layout ${sum('Layout').toFixed(0)} ms in all`,
    );
  }
  const sorted = [...blocking].sort((a, b) => a - b);
  console.info(
    `\nRESULT long-tasks ${PAGE}: blocking time median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms (runs ${blocking.map((ms) => ms.toFixed(0)).join(' / ')})`,
  );
} finally {
  await browser.close();
  await privy.stop();
}
