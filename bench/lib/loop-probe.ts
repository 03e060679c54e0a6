import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into a benchmarked server (`node --import ./bench/lib/loop-probe.ts server/main.ts`):
 * watches the event loop's delay and, on SIGUSR2, prints what it saw since the last signal as one
 * line (`LOOP {"p50":…,"p99":…,"max":…}` in milliseconds) on stderr, then starts over. Production
 * code carries nothing for it.
 */
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 10) / 10;
process.on('SIGUSR2', () => {
  const report = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    mean: ms(histogram.mean),
  };
  process.stderr.write(`LOOP ${JSON.stringify(report)}\n`);
  histogram.reset();
});
