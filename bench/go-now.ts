import { chromium } from 'playwright-core';
import {
  CPU_SLOWDOWN,
  goNowOnPhone,
  newSignedInGuest,
  openAllDay,
  PHONE,
  standAt,
} from '../tests/e2e/go-now-flow.ts';
import { machine, median, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * "I need one" to a paid booking on a phone, timed (docs/PERFORMANCE.md, "Go now on a phone"): a
 * production server with the demo catalogue, a 390 × 844 touch profile with the CPU slowed 4×, a
 * new signed-in guest standing at a bathroom opened round the clock, and the host watching
 * /manage/bookings on a desktop profile. Each run books a different bathroom. Goals: ≤ 4 taps,
 * < 30 s from opening the home page to the confirmation, the host's page showing it < 1 s after Pay.
 */
const RUNS = Math.min(
  4,
  Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3),
);
const GOALS = { taps: 4, msToConfirmed: 30_000, msHostSees: 1_000 };

const privy = await spawnPrivy({ env: { MAP_TILE_URL: '/map-tiles/blank.png' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  await waitFor200(`${privy.baseUrl}/readyz`, 180_000, privy.child);
  console.info(`bench:go-now: ${machine()}; phone 390×844, CPU ${CPU_SLOWDOWN}× slower; ${RUNS} runs`);
  // Each run books a bathroom of its own: one run's booking would take the next one's 15 minutes.
  const bathrooms = [
    { host: 'hector@privy.test', skip: 0 },
    { host: 'hector@privy.test', skip: 1 },
    { host: 'paula@privy.test', skip: 0 },
    { host: 'paula@privy.test', skip: 1 },
  ].slice(0, RUNS);
  const runs = [];
  for (const [index, { host, skip }] of bathrooms.entries()) {
    const hostContext = await browser.newContext({
      baseURL: privy.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const signedIn = await hostContext.request.post('/api/account/sign-in', {
      headers: { origin: privy.baseUrl },
      data: { email: host, password: 'privy-demo-2026' },
    });
    if (signedIn.status() !== 200) throw new Error(`host sign-in: ${signedIn.status()}`);
    const { listing, restore } = await openAllDay(hostContext.request, privy.baseUrl, skip);
    try {
      const hostPage = await hostContext.newPage();
      await hostPage.goto('/manage/bookings');
      await hostPage.waitForLoadState('networkidle');
      const guestContext = await browser.newContext({ ...PHONE, baseURL: privy.baseUrl });
      await newSignedInGuest(guestContext, privy.baseUrl);
      await standAt(guestContext, listing);
      const guestPage = await guestContext.newPage();
      const result = await goNowOnPhone(guestPage, hostPage).catch(async (error: unknown) => {
        // What the guest was looking at when the path stalled, for whoever reads the failure.
        await guestPage.screenshot({ path: 'bench/profiles/go-now-failure.png' }).catch(() => {});
        throw error;
      });
      runs.push(result);
      console.info(
        `  run ${index + 1}: ${result.taps} taps, confirmed after ${result.msToConfirmed.toFixed(0)} ms, host saw it ${result.msHostSees.toFixed(0)} ms after Pay (start ${result.bookingStart})`,
      );
      await guestContext.close();
    } finally {
      await restore();
      await hostContext.close();
    }
  }
  const taps = Math.max(...runs.map((run) => run.taps));
  const confirmed = median(runs.map((run) => run.msToConfirmed));
  const hostSees = median(runs.map((run) => run.msHostSees));
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.info(
    `RESULT bench:go-now taps ${taps} (goal ≤ ${GOALS.taps}: ${verdict(taps <= GOALS.taps)}); to confirmed median ${confirmed.toFixed(0)} ms (goal < ${GOALS.msToConfirmed} ms: ${verdict(confirmed < GOALS.msToConfirmed)}); host sees it median ${hostSees.toFixed(0)} ms after Pay (goal < ${GOALS.msHostSees} ms: ${verdict(hostSees < GOALS.msHostSees)})`,
  );
} finally {
  await browser.close();
  await privy.stop();
}
