import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, machine, median, ROOT, waitFor200 } from './lib/server.ts';

/**
 * An unchanged restart, exactly as a person types it: `npm start` on a data folder that already
 * holds the database, with nothing changed since the last build, timed from the command to the
 * first 200 from /readyz (the database answers). The first start (which may build, and creates
 * the database) is not counted. Goal ≤ 5 s (docs/PERFORMANCE.md, "Restart").
 */
const RUNS = 3;
const GOAL_MS = 5_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-restart-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

async function npmStart(): Promise<number> {
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const readyAt = await waitFor200(`${baseUrl}/readyz`, 300_000, child);
    return readyAt - startedAt;
  } catch (error) {
    console.error(output);
    throw error;
  } finally {
    // npm runs a shell that runs node: stop the whole group, then wait for the port to free up.
    process.kill(-(child.pid as number), 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.info(`restart: ${machine()}`);
try {
  console.info(`  first start (builds if needed, creates the database): ${(await npmStart()).toFixed(0)} ms`);
  const restarts: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    restarts.push(await npmStart());
    console.info(`  restart ${run}: ${restarts.at(-1)?.toFixed(0)} ms`);
  }
  const result = median(restarts);
  console.info(
    `RESULT bench:restart npm start → /readyz 200, unchanged: ${restarts.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${result.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms: ${result <= GOAL_MS ? 'met' : 'MISSED'})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
