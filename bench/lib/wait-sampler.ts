import pg from 'pg';
import { now } from './fanout-ipc.ts';

/**
 * What the bench database's busy backends are waiting on, sampled every few milliseconds
 * (pg_stat_activity): per second of the run, the most frequent waits ("IO:WALSync 40%"), so a
 * slow second can be told apart as the disk, a lock or the CPU (`--waits` of bench/chat.ts).
 */
export async function startWaitSampler(databaseUrl: string, everyMs = 10) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const samples: WaitSamples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      samples.push([now(), rows.map((row) => row.wait)]);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<WaitSamples> {
      running = false;
      await loop;
      await client.end();
      return samples;
    },
  };
}

type WaitSamples = Array<[at: number, waits: string[]]>;

/** For each second since `start` (the run's first send), its top waits as text. */
export function waitsPerSecond(samples: WaitSamples, start: number): Map<number, string> {
  const perSecond = new Map<number, { samples: number; waits: Map<string, number> }>();
  for (const [at, waits] of samples) {
    const second = Math.floor((at - start) / 1000);
    if (second < 0) continue;
    const entry = perSecond.get(second) ?? { samples: 0, waits: new Map<string, number>() };
    entry.samples++;
    for (const wait of waits) entry.waits.set(wait, (entry.waits.get(wait) ?? 0) + 1);
    perSecond.set(second, entry);
  }
  const text = new Map<number, string>();
  for (const [second, { samples: count, waits }] of perSecond) {
    // Average busy backends in each wait: 1.0 means one backend in it the whole second.
    const top = [...waits.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([wait, n]) => `${wait} ${(n / count).toFixed(1)}`);
    text.set(second, top.join(' '));
  }
  return text;
}
