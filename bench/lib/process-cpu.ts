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

/**
 * The machine's CPU time so far (/proc/stat's first line, in ticks): all of it, the stolen part,
 * and the part idle while a disk write or read was outstanding (iowait).
 */
function machineTicks(): { total: number; steal: number; iowait: number } {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9);
    const ticks = fields.map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0, iowait: ticks[4] ?? 0 };
  } catch {
    return { total: 0, steal: 0, iowait: 0 };
  }
}

/**
 * Share of the machine's CPU time the hypervisor gave to other guests (steal), and the share spent
 * waiting on the disk (iowait), per second while running: on a shared VM, a second with steal or
 * a stalled disk is a second whose latency says little about our code (docs/PERFORMANCE.md, Chat,
 * 2026-12-03).
 */
export function stealMeter() {
  const seconds: number[] = [];
  const iowait: number[] = [];
  let last = machineTicks();
  const first = last;
  const share = (a: ReturnType<typeof machineTicks>, b: typeof a, key: 'steal' | 'iowait') =>
    b.total > a.total ? (b[key] - a[key]) / (b.total - a.total) : 0;
  const timer = setInterval(() => {
    const now = machineTicks();
    seconds.push(share(last, now, 'steal'));
    iowait.push(share(last, now, 'iowait'));
    last = now;
  }, 1000);
  return {
    /** Stops; the whole span's stolen share, each second's, and each second's iowait share. */
    stop(): { overall: number; seconds: number[]; iowait: number[] } {
      clearInterval(timer);
      return { overall: share(first, machineTicks(), 'steal'), seconds, iowait };
    },
  };
}
