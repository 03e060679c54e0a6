/**
 * Booking soak (ADR 090; docs/PERFORMANCE.md "Bookings"): --attempts booking attempts by --clients concurrent clients (each its own
 * signed-in guest) over --bathrooms bathrooms, each attempt a random bathroom, a random quarter-hour
 * start inside a narrow window (--window-hours, one day) and a random duration of 15–60 minutes, so
 * collisions are frequent. Half of the holds a client gets it gives back at once
 * (POST /api/bookings/:id/release), so time keeps freeing up and the race goes on all run long.
 * Afterwards a SQL self-join checks that no two live bookings of one bathroom overlap
 * (blocked && blocked). Reports outcomes, throughput and latency.
 *
 *   npm run bench:booking-soak [-- --attempts=10000 --clients=50 --bathrooms=20 --window-hours=3
 *                                  --release=0.5 --mode=all|postgres|pglite]
 *
 * Same server process as bench:booking-race (test payment provider, fresh database
 * privy_bench_soak on PostgreSQL, dropped afterwards, or a fresh PGlite folder).
 */
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
} from './lib/booking-run.ts';
import { now } from './lib/fanout-ipc.ts';

const args = parseArgs();
const ATTEMPTS = Number(args.attempts ?? 10_000);
const CLIENTS = Number(args.clients ?? 50);
const BATHROOMS = Number(args.bathrooms ?? 20);
const WINDOW_HOURS = Number(args['window-hours'] ?? 3);
const RELEASE = Number(args.release ?? 0.5);
const SLOT_TAKEN = 'Sorry, that time has just been booked by someone else. Please choose another start.';
const DURATIONS = [15, 30, 45, 60];

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

async function run(mode: string): Promise<string[]> {
  const header = `${mode}: ${ATTEMPTS} attempts, ${CLIENTS} clients, ${BATHROOMS} bathrooms, ${WINDOW_HOURS} h window, release ${RELEASE} (${machineLine()} at start)`;
  console.info(header);
  const server = await startBookingServer(mode, 'privy_bench_soak');
  try {
    const { guests, bathroomIds } = await server.worker.call<{ guests: Guest[]; bathroomIds: string[] }>(
      'seed',
      { guests: CLIENTS, bathrooms: BATHROOMS },
    );
    const windowStart = gridStart(3, 14);
    const quarters = WINDOW_HOURS * 4;
    const outcomes: Record<string, number> = {};
    const bookLatency: number[] = [];
    const releaseLatency: number[] = [];
    let released = 0;
    let next = 0;
    const started = now();
    await Promise.all(
      guests.map(async (guest) => {
        const cookie = sessionCookie(server.secret, guest.token);
        while (next < ATTEMPTS) {
          next++;
          const startsAt = new Date(
            windowStart.getTime() + Math.floor(Math.random() * quarters) * 15 * 60_000,
          );
          const answer = await post(
            server.port,
            '/api/bookings',
            JSON.stringify({
              bathroomId: pick(bathroomIds),
              startsAt: startsAt.toISOString(),
              durationMinutes: pick(DURATIONS),
            }),
            { cookie },
          );
          bookLatency.push(answer.ms);
          const key =
            answer.status === 409 && (JSON.parse(answer.body) as { message?: string }).message === SLOT_TAKEN
              ? '409 SLOT_TAKEN'
              : String(answer.status);
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          if (answer.status === 201 && Math.random() < RELEASE) {
            const id = (JSON.parse(answer.body) as { booking: { id: string } }).booking.id;
            const back = await post(server.port, `/api/bookings/${id}/release`, '{}', { cookie });
            releaseLatency.push(back.ms);
            if (back.status === 200) released++;
            else outcomes[`release ${back.status}`] = (outcomes[`release ${back.status}`] ?? 0) + 1;
          }
        }
      }),
    );
    const seconds = (now() - started) / 1000;
    const overlaps = await server.worker.call<number>('overlaps', { bathroomIds });
    const statuses = await server.worker.call<Record<string, number>>('statusCounts', { bathroomIds });
    const b = stats(bookLatency);
    const r = stats(releaseLatency);
    const lines = [
      `  outcomes: ${Object.entries(outcomes)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')}; released ${released}`,
      `  bookings now: ${Object.entries(statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      `  overlapping live pairs (self-join, blocked && blocked): ${overlaps} — ${overlaps === 0 ? 'OK' : 'WRONG'}`,
      `  ${ATTEMPTS} attempts in ${seconds.toFixed(1)} s = ${(ATTEMPTS / seconds).toFixed(0)} attempts/s (${((ATTEMPTS + releaseLatency.length) / seconds).toFixed(0)} requests/s with releases)`,
      `  POST /api/bookings p50 ${fmt(b.p50)}, p95 ${fmt(b.p95)}, p99 ${fmt(b.p99)}, max ${fmt(b.max)}; release p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)}`,
    ];
    for (const line of lines) console.info(line);
    const unexpected = Object.keys(outcomes).filter((k) => k !== '201' && k !== '409 SLOT_TAKEN');
    if (overlaps !== 0 || unexpected.length) process.exitCode = 1;
    return [header, ...lines];
  } finally {
    await server.stop();
  }
}

const results: string[] = [];
for (const mode of modes(args.mode)) results.push(...(await run(mode)), '');
console.info(`\nbooking soak (${machineLine()} at the end)\n${results.join('\n')}`);
