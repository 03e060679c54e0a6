/** How bench/chat.ts prints latencies: spreads, and the per-second timeline of `--timeline`. */
import { percentile } from './fanout-ipc.ts';

export const ms = (value: number) => `${value.toFixed(1)}ms`;
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50=${ms(percentile(sorted, 50))} p99=${ms(percentile(sorted, 99))} max=${ms(percentile(sorted, 100))}`;
}

/** When the run's first measured send started: second 0 of the timeline. */
export const firstStart = (timed: Array<[number, number]>) => Math.min(...timed.map(([at]) => at));

/** Latency per second of the run, to tell a steady tail from a few stalls. */
export function timeline(
  timed: Array<[number, number]>,
  stalls: Array<{ name: string; stalls: Array<[number, number]> }>,
  machine: { seconds: number[]; iowait: number[] },
  /** Each second's PostgreSQL waits (wait-sampler.ts), when sampled. */
  waits: Map<number, string> | undefined,
  /** Wall-clock milliseconds minus the monotonic clock's (fanout-ipc.ts `now`). */
  wallOffset: number,
): string[] {
  const start = firstStart(timed);
  // A second holding a wall-clock minute's start: when the minute jobs run (messaging's sweep).
  const minuteStarts = (second: number) => {
    const from = start + second * 1000 + wallOffset;
    return Math.ceil(from / 60_000) * 60_000 < from + 1000 ? '; a minute begins' : '';
  };
  const seconds = new Map<number, number[]>();
  for (const [at, latency] of timed) {
    const second = Math.floor((at - start) / 1000);
    const values = seconds.get(second);
    if (values) values.push(latency);
    else seconds.set(second, [latency]);
  }
  const stalled = (second: number) =>
    stalls
      .flatMap(({ name, stalls: list }) =>
        list
          .filter(([at]) => Math.floor((at - start) / 1000) === second)
          .map(([at, late]) => `${name} +${Math.round(at - start - second * 1000)}ms ${Math.round(late)}ms`),
      )
      .join(', ');
  return [...seconds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, values]) => {
      const loops = stalled(second);
      const steal = machine.seconds[second] ? `; stolen ${percent(machine.seconds[second] as number)}` : '';
      const io = machine.iowait[second] ? `; iowait ${percent(machine.iowait[second] as number)}` : '';
      const waited = waits?.get(second) ? `; PostgreSQL ${waits.get(second)}` : '';
      return `  second ${second}: ${values.length} sends ${spread(values)}${steal}${io}${waited}${minuteStarts(second)}${loops ? `; event loop late: ${loops}` : ''}`;
    })
    .concat(`  second 0 began at ${new Date(start + wallOffset).toISOString()}`);
}
