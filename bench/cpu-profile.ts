import { writeFileSync } from 'node:fs';
import { benchPage, launchChromium, spawnPrivy, throttledPhoneTab, waitFor200 } from './lib/server.ts';

/**
 * Where a page's JavaScript time goes while it loads: a CPU profile of the first 5 s, self time
 * summed by function and by file. Build with MINIFY=0 for readable names.
 *   node bench/cpu-profile.ts [--page=listing|booking|/path] [--throttle=4] [--out=file.cpuprofile]
 */
const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=') || 'true'];
  }),
) as Record<string, string | undefined>;
const THROTTLE = Number(flags.throttle ?? 4);

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const privy = await spawnPrivy();
const browser = await launchChromium();
try {
  await waitFor200(`${privy.baseUrl}/healthz`, 120_000, privy.child);
  const { path: PAGE, cookie } = await benchPage(privy.baseUrl, flags.page, '/');
  const { page, cdp } = await throttledPhoneTab(browser, cookie, THROTTLE);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${privy.baseUrl}${PAGE}`, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  if (flags.out) writeFileSync(flags.out, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.split('/').at(-1) || '(native)';
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.info(
    `${PAGE}, CPU ÷${THROTTLE}\nby file:\n${top(byFile, 15)}\nby function:\n${top(byFunction, 40)}`,
  );
} finally {
  await browser.close();
  await privy.stop();
}
