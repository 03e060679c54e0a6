/**
 * The booking race (ADR 099; docs/PERFORMANCE.md "Bookings"): N distinct signed-in guests POST /api/bookings for the same slot at
 * the same moment. Exactly one must get 201 and every other one 409 with the "just been booked"
 * message (ADR 090). Latency of each request from send to answer; goal p99 < 150 ms. Repeated for
 * --rounds rounds, each on a different slot of the same bathroom (new guests each round); the
 * median round (by p99) is the figure.
 *
 *   npm run bench:booking-race [-- --guests=200 --rounds=5 --mode=all|postgres|pglite --profile=server]
 *
 * The server is a real process (bench/lib/booking-server.ts: the HTTP app as server/main.ts builds
 * it, with the built-in test payment provider, so each 201 also opens a checkout) on a fresh
 * PostgreSQL database (privy_bench_race, dropped afterwards) or a fresh PGlite folder. The
 * requests come from this process over keep-alive connections opened beforehand.
 * `--profile=server` writes the server's V8 CPU profile to a temporary folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fmt,
  type Guest,
  gridStart,
  machineLine,
  modes,
  parseArgs,
  post,
  sessionCookie,
  startBookingServer,
  stats,
  warmConnections,
} from './lib/booking-run.ts';
import { processCpuMs } from './lib/process-cpu.ts';
import { median } from './lib/server.ts';

const args = parseArgs();
const GUESTS = Number(args.guests ?? 200);
const ROUNDS = Number(args.rounds ?? 5);
const SLOT_TAKEN = 'Sorry, that time has just been booked by someone else. Please choose another start.';
const profileDir = args.profile ? mkdtempSync(path.join(tmpdir(), 'privy-booking-race-prof-')) : null;

type Round = {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  ok: boolean;
  cpuMs: number;
  line: string;
};

async function run(mode: string): Promise<string[]> {
  const header = `${mode}: ${GUESTS} guests × ${ROUNDS} rounds (${machineLine()} at start)`;
  console.info(header);
  const server = await startBookingServer(
    mode,
    'privy_bench_race',
    {},
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const rounds: Round[] = [];
  try {
    const { guests, bathroomIds } = await server.worker.call<{ guests: Guest[]; bathroomIds: string[] }>(
      'seed',
      { guests: GUESTS * ROUNDS, bathrooms: 1 },
    );
    const bathroomId = bathroomIds[0] as string;
    await warmConnections(server.port, GUESTS);
    // One booking first, so the first round does not pay for cold code paths alone.
    await post(
      server.port,
      '/api/bookings',
      JSON.stringify({ bathroomId, startsAt: gridStart(1, 3).toISOString(), durationMinutes: 15 }),
      { cookie: sessionCookie(server.secret, (guests.at(-1) as Guest).token) },
    );
    for (let round = 0; round < ROUNDS; round++) {
      const slot = gridStart(2 + round, 15).toISOString();
      const body = JSON.stringify({ bathroomId, startsAt: slot, durationMinutes: 60 });
      const players = guests.slice(round * GUESTS, (round + 1) * GUESTS);
      const cpuBefore = processCpuMs(server.worker.child.pid ?? 0);
      const answers = await Promise.all(
        players.map((guest) =>
          post(server.port, '/api/bookings', body, { cookie: sessionCookie(server.secret, guest.token) }),
        ),
      );
      // The server process's CPU for the round (on PGlite that includes the database): unlike the
      // latencies, hardly inflated by other work on a shared machine.
      const cpuMs = processCpuMs(server.worker.child.pid ?? 0) - cpuBefore;
      const created = answers.filter((a) => a.status === 201).length;
      const taken = answers.filter(
        (a) => a.status === 409 && (JSON.parse(a.body) as { message?: string }).message === SLOT_TAKEN,
      ).length;
      const other = answers.filter((a) => a.status !== 201 && a.status !== 409);
      const ok = created === 1 && taken === GUESTS - 1;
      const s = stats(answers.map((a) => a.ms));
      const line = `  round ${round + 1}: 201 × ${created}, 409 SLOT_TAKEN × ${taken}${other.length ? `, other × ${other.length} (first: ${other[0]?.status} ${other[0]?.body.slice(0, 200)})` : ''} — ${ok ? 'OK' : 'WRONG'}; p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, p99 ${fmt(s.p99)}, max ${fmt(s.max)}; server CPU ${cpuMs} ms`;
      console.info(line);
      rounds.push({ ...s, ok, cpuMs, line });
    }
    // Service time: the same losing request one at a time (no queue), from guests of round 1.
    const lastSlot = JSON.stringify({
      bathroomId,
      startsAt: gridStart(1 + ROUNDS, 15).toISOString(),
      durationMinutes: 60,
    });
    const serial: number[] = [];
    for (const guest of guests.slice(0, 50)) {
      const answer = await post(server.port, '/api/bookings', lastSlot, {
        cookie: sessionCookie(server.secret, guest.token),
      });
      serial.push(answer.ms);
    }
    const one = stats(serial);
    const serialLine = `  one at a time (a losing request, no queue, 50 in a row): p50 ${fmt(one.p50)}, p99 ${fmt(one.p99)}; × ${GUESTS} = ${fmt(one.p50 * GUESTS)} if served one after another`;
    console.info(serialLine);
    const overlaps = await server.worker.call<number>('overlaps', { bathroomIds });
    const byP99 = [...rounds].sort((a, b) => a.p99 - b.p99);
    const mid = byP99[Math.floor((byP99.length - 1) / 2)] as Round;
    const allOk = rounds.every((r) => r.ok) && overlaps === 0;
    const summary = `${mode}: ${allOk ? 'every round exactly one 201' : 'FAILED'}; overlapping live bookings ${overlaps}; median round p50 ${fmt(mid.p50)}, p95 ${fmt(mid.p95)}, p99 ${fmt(mid.p99)} (goal < 150 ms: ${mid.p99 < 150 ? 'met' : 'missed'}); p99 of the rounds median ${fmt(median(rounds.map((r) => r.p99)))}, range ${fmt(byP99[0]?.p99 ?? 0)}–${fmt(byP99.at(-1)?.p99 ?? 0)}; server CPU per round median ${median(rounds.map((r) => r.cpuMs))} ms`;
    console.info(summary);
    if (!allOk) process.exitCode = 1;
    return [header, ...rounds.map((r) => r.line), serialLine, summary];
  } finally {
    await server.stop();
  }
}

const results: string[] = [];
for (const mode of modes(args.mode)) results.push(...(await run(mode)), '');
console.info(`\nbooking race (${machineLine()} at the end)\n${results.join('\n')}`);
if (profileDir) console.info(`server CPU profiles in ${profileDir}`);
