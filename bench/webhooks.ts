/**
 * Webhook idempotency under load (ADR 091): --events signed Stripe `checkout.session.completed`
 * events, one per held booking, plus --duplicates × that many redeliveries of the same event ids,
 * shuffled and sent --concurrency at a time to POST /api/payments/webhook. Then every effect is
 * checked exactly once: each booking confirmed (and paid) once, exactly one RESERVATION_CONFIRMED
 * notification per booking, and payment_events rows = distinct event ids.
 *
 *   npm run bench:webhooks [-- --events=1000 --duplicates=0.2 --concurrency=50 --mode=all|postgres|pglite]
 *
 * The server runs in Stripe mode (STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET set to bench values),
 * so the webhook route verifies each signature with the Stripe SDK exactly as in production; the
 * headers are made with the SDK's `stripe.webhooks.generateTestHeaderString`. The holds are written
 * straight to the bookings table with a checkout session id each, because in Stripe mode
 * POST /api/bookings would call api.stripe.com; a checkout completion needs no Stripe call, so
 * nothing here leaves the machine. Fresh database privy_bench_webhooks (dropped) or PGlite folder.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  fmt,
  type Guest,
  gridStart,
  machineLine,
  modes,
  parseArgs,
  post,
  startBookingServer,
  stats,
} from './lib/booking-run.ts';
import { now } from './lib/fanout-ipc.ts';

const args = parseArgs();
const EVENTS = Number(args.events ?? 1000);
const DUPLICATES = Number(args.duplicates ?? 0.2);
const CONCURRENCY = Number(args.concurrency ?? 50);
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const stripe = new Stripe('sk_test_bench_not_used');

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

function completion(booking: { id: string; checkout_session_id: string }) {
  return JSON.stringify({
    id: `evt_bench_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: booking.checkout_session_id,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: `pi_bench_${randomBytes(12).toString('hex')}`,
        client_reference_id: booking.id,
        metadata: { reference: booking.id },
        amount_total: 600,
        currency: 'usd',
      },
    },
  });
}

async function run(mode: string): Promise<string[]> {
  const header = `${mode}: ${EVENTS} events + ${Math.round(EVENTS * DUPLICATES)} redeliveries, ${CONCURRENCY} at a time (${machineLine()} at start)`;
  console.info(header);
  const server = await startBookingServer(mode, 'privy_bench_webhooks', {
    STRIPE_SECRET_KEY: 'sk_test_bench_not_used',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  try {
    const { guests, bathroomIds } = await server.worker.call<{ guests: Guest[]; bathroomIds: string[] }>(
      'seed',
      { guests: EVENTS, bathrooms: Math.ceil(EVENTS / 40) },
    );
    // 40 one-hour holds per bathroom (each guest one), from two days ahead.
    const holds: Array<{ id: string; checkout_session_id: string }> = [];
    for (const [index, bathroomId] of bathroomIds.entries()) {
      holds.push(
        ...(await server.worker.call<Array<{ id: string; checkout_session_id: string }>>('seedHolds', {
          bathroomId,
          guestIds: guests.slice(index * 40, (index + 1) * 40).map((g) => g.id),
          firstStart: gridStart(2, 0).toISOString(),
        })),
      );
    }
    const events = holds.map((hold) => ({ hold, payload: completion(hold) }));
    const redeliveries = shuffle([...events]).slice(0, Math.round(EVENTS * DUPLICATES));
    const deliveries = shuffle([...events, ...redeliveries]);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    let duplicatesSeen = 0;
    let next = 0;
    const started = now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const { payload } = deliveries[next++] as { payload: string };
          // Signed as it goes out, as Stripe signs each delivery (the signature carries a timestamp).
          const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
          const answer = await post(server.port, '/api/payments/webhook', payload, {
            'stripe-signature': signature,
          });
          latencies.push(answer.ms);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status === 200 && (JSON.parse(answer.body) as { duplicate: boolean }).duplicate)
            duplicatesSeen++;
        }
      }),
    );
    const seconds = (now() - started) / 1000;
    const ids = holds.map((h) => h.id);
    const rows = await server.worker.call<Array<{ id: string; status: string; amount_paid_cents: number }>>(
      'bookingsState',
      { ids },
    );
    const notices = await server.worker.call<Record<string, number>>('confirmedNotices');
    const eventRows = await server.worker.call<number>('paymentEventCount');
    const confirmed = rows.filter((r) => r.status === 'confirmed' && r.amount_paid_cents === 600).length;
    const oneNotice = ids.filter((id) => notices[id] === 1).length;
    const extraNotices = Object.values(notices).filter((n) => n > 1).length;
    const s = stats(latencies);
    const ok =
      confirmed === EVENTS &&
      oneNotice === EVENTS &&
      extraNotices === 0 &&
      eventRows === EVENTS &&
      duplicatesSeen === redeliveries.length &&
      statuses[200] === deliveries.length;
    const lines = [
      `  answers: ${Object.entries(statuses)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')}; answered duplicate ${duplicatesSeen} (sent ${redeliveries.length} redeliveries)`,
      `  bookings confirmed and paid once: ${confirmed}/${EVENTS}; exactly one RESERVATION_CONFIRMED: ${oneNotice}/${EVENTS} (bookings with more: ${extraNotices}); payment_events rows ${eventRows} for ${EVENTS} distinct event ids — ${ok ? 'OK' : 'WRONG'}`,
      `  ${deliveries.length} deliveries in ${seconds.toFixed(1)} s = ${(deliveries.length / seconds).toFixed(0)}/s; p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}, p99 ${fmt(s.p99)}, max ${fmt(s.max)}`,
    ];
    for (const line of lines) console.info(line);
    if (!ok) process.exitCode = 1;
    return [header, ...lines];
  } finally {
    await server.stop();
  }
}

const results: string[] = [];
for (const mode of modes(args.mode)) results.push(...(await run(mode)), '');
console.info(`\nwebhooks (${machineLine()} at the end)\n${results.join('\n')}`);
