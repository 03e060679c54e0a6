import { existsSync } from 'node:fs';
import path from 'node:path';
import { machine, median, ROOT, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * Cold start: from spawning `node server/main.ts` on an empty data folder with the embedded
 * PostgreSQL (PGlite persisted on disk, as `npm start` runs it) to the first 200 from /healthz.
 * That covers creating the database, migrating, seeding the demo accounts and loading the web app.
 * A restart on the same folder is measured too, for comparison.
 */
const RUNS = 3;
const GOAL_MS = 5_000;

if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
  console.error('The web app is not built: run `npm run bench:cold-start` (it builds first).');
  process.exit(1);
}

console.info(`cold start: ${machine()}`);
const fresh: number[] = [];
const restart: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const first = await spawnPrivy();
  try {
    const healthyAt = await waitFor200(`${first.baseUrl}/healthz`, 60_000, first.child);
    fresh.push(healthyAt - first.spawnedAt);
  } catch (error) {
    console.error(first.output());
    throw error;
  }
  const dataDir = first.dataDir;
  // Stop without deleting, restart on the same folder, then clean up.
  first.child.kill('SIGTERM');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const again = await spawnPrivy({ dataDir });
  try {
    const healthyAt = await waitFor200(`${again.baseUrl}/healthz`, 60_000, again.child);
    restart.push(healthyAt - again.spawnedAt);
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
