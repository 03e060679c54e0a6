import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { hashPassword as ourHash } from '../server/domains/auth/password-hashing.ts';
import { machine } from './lib/server.ts';

/**
 * How much password hashing holds the event loop (ADR 105): N hashes started at once, while
 * perf_hooks.monitorEventLoopDelay samples how late the loop runs. What every other request waits
 * during a burst of sign-ins is that delay. Three implementations of the same scrypt hash:
 *
 *   - better-auth's pure-JavaScript scrypt (@noble/hashes), which @better-auth/utils uses wherever
 *     its package is resolved without the "node" export condition;
 *   - better-auth's hashPassword as Node resolves it here;
 *   - ours (server/domains/auth/password-hashing.ts), Node's asynchronous crypto.scrypt, which
 *     better-auth is configured with.
 *
 *   node bench/password-hash.ts [--hashes=16] [--rounds=3]
 */
const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=') || 'true'];
  }),
) as Record<string, string | undefined>;
const HASHES = Number(flags.hashes ?? 16);
const ROUNDS = Number(flags.rounds ?? 3);

type Hasher = (password: string) => Promise<string>;

async function pureJavaScriptFallback(): Promise<Hasher> {
  const require = createRequire(import.meta.url);
  const utils = path.dirname(require.resolve('@better-auth/utils/password'));
  const module = (await import(pathToFileURL(path.join(utils, 'password.mjs')).href)) as {
    hashPassword: Hasher;
  };
  return module.hashPassword;
}

type Run = { wallMs: number; p50: number; p99: number; max: number };

async function measure(hash: Hasher): Promise<Run> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  await Promise.all(Array.from({ length: HASHES }, (_, i) => hash(`correct horse battery ${i}`)));
  const wallMs = performance.now() - started;
  histogram.disable();
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  return {
    wallMs,
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const candidates: [string, Hasher][] = [
  ['better-auth, pure-JS fallback (@noble/hashes)', await pureJavaScriptFallback()],
  ['better-auth, as Node resolves it', betterAuthHash],
  ['ours: crypto.scrypt (configured)', ourHash],
];

console.info(`password hashing: ${HASHES} concurrent hashes, median of ${ROUNDS} rounds`);
console.info(machine());
console.info(`UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
// One hash each first, so module loading and the first scrypt's allocations are not measured.
for (const [, hash] of candidates) await hash('warm-up');
for (const [name, hash] of candidates) {
  const runs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await measure(hash));
  const pick = (key: keyof Run) => median(runs.map((run) => run[key])).toFixed(1);
  console.info(
    `${name.padEnd(48)} all ${HASHES} in ${pick('wallMs').padStart(7)} ms; event-loop delay p50 ${pick('p50').padStart(6)} ms, p99 ${pick('p99').padStart(7)} ms, max ${pick('max').padStart(7)} ms`,
  );
}
