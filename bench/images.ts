import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { processImage } from '../server/domains/storage/image-pipeline.ts';
import { machine, sleep } from './lib/server.ts';

/**
 * Four 100-megapixel uploads at once (the largest the pipeline takes, ADR 031) through the same
 * image pipeline as the server: time, the process's peak and settled memory, and how long the
 * event loop was held meanwhile. `npm run bench:images -- [--uploads=4] [--format=png|jpeg]`
 */
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, '').split('=');
    return [name as string, value ?? 'true'];
  }),
);
const UPLOADS = Number(args.get('uploads') ?? 4);
const FORMAT = (args.get('format') ?? 'png') as 'png' | 'jpeg';
const SIDE = 10_000; // 100 megapixels

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
console.info(`bench:images: ${machine()}; ${UPLOADS} × ${SIDE}×${SIDE} ${FORMAT} at once`);
// A flat colour compresses to a small file (the upload limit is 5 MB) yet decodes to 100 megapixels.
const source = await sharp({
  create: { width: SIDE, height: SIDE, channels: 3, background: { r: 40, g: 120, b: 200 } },
})
  [FORMAT]()
  .toBuffer();
console.info(`  upload size ${(source.length / 1024).toFixed(0)} KB`);
await sleep(500);
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
await Promise.all(Array.from({ length: UPLOADS }, () => processImage(source, 'bathroom')));
const elapsed = performance.now() - started;
loop.disable();
await sleep(2_000);
clearInterval(sampler);
const settled = process.memoryUsage().rss;
console.info(
  `RESULT bench:images ${UPLOADS} uploads in ${(elapsed / 1000).toFixed(1)} s; RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB, ${mb(settled)} MB 2 s after; event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
