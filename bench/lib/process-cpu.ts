import { readFileSync } from 'node:fs';

/**
 * CPU time that processes used, from /proc (Linux): the part of a benchmark's figures that other
 * work on a shared machine does not inflate much. Latency under a fixed rate depends on whatever
 * else runs; CPU milliseconds per request say whether the rate fits the cores at all.
 */

// Linux reports utime and stime in clock ticks, USER_HZ = 100 on every mainstream build.
const MS_PER_TICK = 10;

/** User + system CPU milliseconds a process has used so far; 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** CPU used by a changing set of processes between two calls of the returned function. */
export function cpuMeter(pids: () => Promise<number[]>) {
  let before = new Map<number, number>();
  return {
    async start() {
      before = new Map((await pids()).map((pid) => [pid, processCpuMs(pid)]));
    },
    /** Milliseconds since start(); a process that appeared meanwhile counts from zero. */
    async stop(): Promise<number> {
      let total = 0;
      for (const pid of await pids()) total += processCpuMs(pid) - (before.get(pid) ?? 0);
      return total;
    },
  };
}
