import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closedLoop } from './lib/raw-load.ts';
import { freePort, machine, median, ROOT, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * /healthz requests per second against a bare node:http server answering the same JSON, on the
 * same machine in the same run, driven by the same generator. Goal: Privy ≥ 50% of bare.
 * Each server runs in its own process; the generator runs here. Rounds alternate between the two
 * so that background load on the machine hits both alike, and the median round counts.
 */
const CONNECTIONS = 32;
const WARMUP_MS = 2_000;
const ROUND_MS = 8_000;
const ROUNDS = 3;
const GOAL_RATIO = 0.5;

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function spawnBare(): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitFor200(`http://127.0.0.1:${port}/healthz`, 10_000, child);
  return {
    port,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

// The production process refuses to start without the web build; /healthz does not need it.
const built = existsSync(path.join(ROOT, 'build', 'server', 'index.js'));
console.info(`healthz: ${machine()}${built ? '' : ' (web app not built: API only, APP_ENV=development)'}`);
const privy = await spawnPrivy({ databaseUrl: 'memory://', env: built ? {} : { APP_ENV: 'development' } });
const bare = await spawnBare();
try {
  await waitFor200(`${privy.baseUrl}/healthz`, 60_000, privy.child);
  const privyPort = Number(new URL(privy.baseUrl).port);
  const targets = [
    { name: 'bare node:http', port: bare.port, rates: [] as number[] },
    { name: 'Privy (Fastify)', port: privyPort, rates: [] as number[] },
  ];
  for (const target of targets) {
    await closedLoop({
      port: target.port,
      path: '/healthz',
      connections: CONNECTIONS,
      durationMs: WARMUP_MS,
    });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      const result = await closedLoop({
        port: target.port,
        path: '/healthz',
        connections: CONNECTIONS,
        durationMs: ROUND_MS,
      });
      if (result.errors || result.non200) {
        throw new Error(`${target.name}: ${result.errors} errors, ${result.non200} non-200 answers`);
      }
      target.rates.push(result.perSecond);
      console.info(
        `  round ${round} ${target.name}: ${result.perSecond.toFixed(0)} req/s (${result.requests} requests)`,
      );
    }
  }
  const [bareTarget, privyTarget] = targets as [(typeof targets)[0], (typeof targets)[0]];
  const bareRate = median(bareTarget.rates);
  const privyRate = median(privyTarget.rates);
  const ratio = privyRate / bareRate;
  console.info(
    `RESULT bench:healthz Privy ${privyRate.toFixed(0)} req/s, bare node:http ${bareRate.toFixed(0)} req/s, ` +
      `ratio ${(ratio * 100).toFixed(0)}% (goal ≥ ${GOAL_RATIO * 100}%: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'}); ` +
      `${CONNECTIONS} connections, ${ROUNDS} × ${ROUND_MS / 1000} s per server`,
  );
} catch (error) {
  console.error(privy.output());
  throw error;
} finally {
  await bare.stop();
  await privy.stop();
}
