/**
 * Event-loop stalls of a benchmark process: a 5 ms timer that notes every tick arriving more
 * than 15 ms late, with when it was due on the shared monotonic clock (fanout-ipc.ts's now()), so
 * a latency spike can be laid beside the process that stopped answering.
 */
import { now } from './fanout-ipc.ts';

const stalls: Array<[dueAt: number, lateMs: number]> = [];
let last = now();
setInterval(() => {
  const at = now();
  const late = at - last - 5;
  if (late > 15) stalls.push([last + 5, late]);
  last = at;
}, 5).unref();

/** Stalls since the last call, oldest first. */
export function takeStalls(): Array<[number, number]> {
  return stalls.splice(0);
}
