import { launchChromium, median } from './server.ts';

/**
 * How fast this machine's Chromium recalculates style and lays out a page, on a fixed synthetic
 * document that no change of ours alters: 1,200 class rules and 2,400 elements in 300 cards, about
 * the size of /bathrooms (docs/PERFORMANCE.md). Each round changes a class on <html> (every
 * element's style is recalculated) and the cards' width (every box is laid out again), then reads a
 * height to force both. Lighthouse's benchmarkIndex times a short JavaScript loop only, and has
 * read the same on VMs whose pages' blocking time differed tenfold; this figure is of the work that
 * blocking time is made of. Lower is faster. Returns the line the benchmarks print.
 */
export async function renderIndex(rounds = 80): Promise<string> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.setContent(syntheticDocument());
    const times = await page.evaluate((count) => {
      const root = document.documentElement;
      const results: number[] = [];
      for (let round = 0; round < count; round++) {
        const start = performance.now();
        root.classList.toggle('alt');
        root.style.setProperty('--card-width', `${300 + (round % 7) * 10}px`);
        void document.body.offsetHeight;
        results.push(performance.now() - start);
      }
      return results;
    }, rounds);
    // The first ~20 rounds take two to three times as long while Chromium's caches fill (seen on
    // an EPYC VM: 40–85 ms, then 16–25 ms); the rest are the machine's steady speed.
    const steady = times.slice(20);
    const ms = (value: number) => Number(value.toFixed(1));
    return `render index ${ms(median(steady))} ms (${ms(Math.min(...steady))}–${ms(Math.max(...steady))})`;
  } finally {
    await browser.close();
  }
}

function syntheticDocument(): string {
  const rules: string[] = [];
  for (let rule = 0; rule < 1200; rule++) {
    rules.push(
      `.c${rule % 400}[data-v="${rule % 3}"] .t${rule % 8}, .alt .c${rule % 400} > .t${rule % 8} { padding: ${rule % 5}px; color: rgb(${rule % 255} 10 10); }`,
    );
  }
  const cards: string[] = [];
  for (let card = 0; card < 300; card++) {
    const texts = Array.from(
      { length: 6 },
      (_, text) => `<span class="t${text}">Bathroom ${card} has item ${text} with some words to wrap</span>`,
    ).join('');
    cards.push(
      `<div class="card c${card % 400}" data-v="${card % 3}"><h3 class="t7">Card ${card}</h3>${texts}</div>`,
    );
  }
  return `<!doctype html><html><head><style>
    .card { display: flex; flex-wrap: wrap; gap: 4px; width: var(--card-width, 300px); margin: 8px; font: 16px sans-serif; }
    .alt .card { border: 1px solid #ccc; }
    ${rules.join('\n')}
  </style></head><body>${cards.join('')}</body></html>`;
}
