import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * Looks before and after a change that should not change the look (docs/PERFORMANCE.md): two built
 * trees (each with its own `build/`), both served as `npm start` serves them, the same pages
 * screenshotted after hydration at 375 and 1280 px, light and dark, and compared pixel by pixel.
 * Both serve the same data: the demo seed places each bathroom's public point at random, so the
 * before tree seeds one data folder and the after tree gets a copy of it.
 * Prints the number of differing pixels per shot and writes both shots and a diff (differing pixels
 * in red) to OUT for any that differ.
 *
 *   node bench/compare-screenshots.ts BEFORE_TREE AFTER_TREE [OUT] [--hide=SELECTOR_TEXT]
 *
 * --hide=TEXT hides, in both shots, the block around a button whose name starts with TEXT (for a
 * deliberate addition, e.g. "Go now" on a page that lacked it), so the rest can still be compared.
 */
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const hide = process.argv.find((arg) => arg.startsWith('--hide='))?.slice('--hide='.length);
const [beforeTree, afterTree, out = '/tmp/privy-screenshots'] = args;
if (!beforeTree || !afterTree) {
  console.error('usage: node bench/compare-screenshots.ts BEFORE_TREE AFTER_TREE [OUT] [--hide=TEXT]');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

type Server = {
  baseUrl: string;
  stop: () => Promise<void>;
  child: import('node:child_process').ChildProcess;
};
async function start(tree: string, dataDir: string): Promise<Server> {
  const lib = (await import(path.resolve(tree, 'bench/lib/server.ts'))) as typeof import('./lib/server.ts');
  const privy = await lib.spawnPrivy({ dataDir });
  await lib.waitFor200(`${privy.baseUrl}/healthz`, 180_000, privy.child);
  return privy;
}

const AUSTIN = 'q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';

async function pagesOf(baseUrl: string): Promise<Record<string, string>> {
  const found = (await (
    await fetch(`${baseUrl}/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25`)
  ).json()) as { results: { id: string }[] };
  return { home: '/', search: `/bathrooms?${AUSTIN}`, listing: `/bathrooms/${found.results[0]?.id}` };
}

/** After hydration, the interactive parts swapped in, lazy maps and photos drawn, fonts settled. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('body') ?? {}).some((key) => key.startsWith('__react')),
  );
  await page.waitForLoadState('networkidle');
  // Scroll down and back, so that photos loaded lazily are all there before the full-page shot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  // (A carousel's later slides are off to the side and stay unloaded, in both.)
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const { left } = image.getBoundingClientRect();
      return image.complete || left < 0 || left >= window.innerWidth;
    }),
  );
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(800);
}

async function differingPixels(a: Buffer, b: Buffer, diffFile: string): Promise<number | string> {
  const [left, right] = await Promise.all(
    [a, b].map((image) => sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!left || !right) return 'no image';
  if (left.info.width !== right.info.width || left.info.height !== right.info.height)
    return `size ${left.info.width}×${left.info.height} vs ${right.info.width}×${right.info.height}`;
  const diff = Buffer.from(left.data);
  let count = 0;
  for (let index = 0; index < left.data.length; index += 4) {
    const same =
      left.data[index] === right.data[index] &&
      left.data[index + 1] === right.data[index + 1] &&
      left.data[index + 2] === right.data[index + 2];
    if (!same) {
      count++;
      diff[index] = 255;
      diff[index + 1] = 0;
      diff[index + 2] = 0;
      diff[index + 3] = 255;
    }
  }
  if (count)
    await sharp(diff, { raw: { width: left.info.width, height: left.info.height, channels: 4 } })
      .png()
      .toFile(diffFile);
  return count;
}

const data = mkdtempSync(path.join(tmpdir(), 'privy-shots-'));
const [beforeData, afterData] = [path.join(data, 'before'), path.join(data, 'after')];
mkdirSync(beforeData);
await (await start(beforeTree, beforeData)).stop();
cpSync(beforeData, afterData, { recursive: true });
const servers = await Promise.all([start(beforeTree, beforeData), start(afterTree, afterData)]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const pages = await Promise.all(servers.map((server) => pagesOf(server.baseUrl)));
  for (const name of Object.keys(pages[0] ?? {}))
    for (const width of [375, 1280])
      for (const colorScheme of ['light', 'dark'] as const) {
        const shots: Buffer[] = [];
        for (const [which, server] of servers.entries()) {
          const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
          const page = await context.newPage();
          const pathname = pages[which]?.[name] as string;
          await page.goto(`${server.baseUrl}${pathname}`);
          await settle(page);
          if (hide)
            await page.evaluate((text) => {
              for (const button of document.querySelectorAll('button'))
                if (button.textContent?.trim().startsWith(text))
                  (button.parentElement as HTMLElement).style.display = 'none';
            }, hide);
          shots.push(await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
          await context.close();
        }
        const label = `${name}-${width}-${colorScheme}`;
        const result = await differingPixels(
          shots[0] as Buffer,
          shots[1] as Buffer,
          path.join(out, `${label}-diff.png`),
        );
        if (result) {
          await sharp(shots[0]).toFile(path.join(out, `${label}-before.png`));
          await sharp(shots[1]).toFile(path.join(out, `${label}-after.png`));
        }
        console.info(`${label}: ${result === 0 ? 'identical' : `${result} pixels differ`}`);
      }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(data, { recursive: true, force: true });
}
