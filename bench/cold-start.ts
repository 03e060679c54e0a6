import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { machine, median, ROOT, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * Cold start: from spawning `node server/main.ts` on an empty data folder with the embedded
 * PostgreSQL (PGlite persisted on disk, as `npm start` runs it) to the first 200 from /healthz.
 * That covers creating the database (from the snapshot `npm run build` made, ADR 079), migrating,
 * seeding the demo data and loading the web app. A restart on the same folder is measured too, for
 * comparison. Each run prints where the server says its start-up time went (its `listening` line).
 */
const RUNS = 3;
const GOAL_MS = 5_000;

if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
  console.error('The web app is not built: run `npm run bench:cold-start` (it builds first).');
  process.exit(1);
}

console.info(`cold start: ${machine()}`);
type Startup = { snapshot: string; phases: Record<string, number>; cpuMs: number };

/** The server's own account of its start: which snapshot it loaded and the milliseconds per step. */
function startupOf(child: ChildProcess): Promise<Startup> {
  return new Promise((resolve) => {
    let snapshot = 'none';
    let buffered = '';
    child.stdout?.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let entry: {
          msg?: string;
          snapshot?: string;
          startupMs?: Record<string, number>;
          startupCpuMs?: number;
        };
        try {
          entry = JSON.parse(line);
        } catch {
          continue; // the banner and the demo accounts are plain text
        }
        if (entry.msg === 'database loaded from snapshot' && entry.snapshot) snapshot = entry.snapshot;
        if (entry.msg === 'listening' && entry.startupMs) {
          resolve({ snapshot, phases: entry.startupMs, cpuMs: entry.startupCpuMs ?? Number.NaN });
        }
      }
    });
  });
}

const describe = ({ snapshot, phases, cpuMs }: Startup) =>
  `snapshot ${snapshot}; ms to listening: ${Object.entries(phases)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ')}; CPU ${cpuMs}`;

const fresh: number[] = [];
const restart: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const first = await spawnPrivy();
  const firstStartup = startupOf(first.child);
  try {
    const healthyAt = await waitFor200(`${first.baseUrl}/healthz`, 60_000, first.child);
    fresh.push(healthyAt - first.spawnedAt);
    console.info(`    fresh:   ${describe(await firstStartup)}`);
  } catch (error) {
    console.error(first.output());
    throw error;
  }
  const dataDir = first.dataDir;
  // Stop without deleting, restart on the same folder, then clean up.
  first.child.kill('SIGTERM');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const again = await spawnPrivy({ dataDir });
  const againStartup = startupOf(again.child);
  try {
    const healthyAt = await waitFor200(`${again.baseUrl}/healthz`, 60_000, again.child);
    restart.push(healthyAt - again.spawnedAt);
    console.info(`    restart: ${describe(await againStartup)}`);
  } finally {
    await again.stop();
    await first.stop();
  }
  console.info(
    `  run ${run}: fresh data folder ${fresh.at(-1)?.toFixed(0)} ms, restart ${restart.at(-1)?.toFixed(0)} ms`,
  );
}

const freshMedian = median(fresh);
console.info(
  `RESULT bench:cold-start fresh ${fresh.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${freshMedian.toFixed(0)} ms ` +
    `(goal ≤ ${GOAL_MS} ms: ${freshMedian <= GOAL_MS ? 'met' : 'MISSED'}); restart median ${median(restart).toFixed(0)} ms`,
);
