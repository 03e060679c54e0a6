import { randomUUID } from 'node:crypto';
import type {
  PayableHostView,
  PayoutOutcome,
  PayoutOverview,
  PayoutRun,
  PayoutView,
} from '../../../common/schemas/payouts.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { getWeeklyPayoutsEnabled } from '../settings/settings-service.ts';
import { type PayDeps, payHost, sendPayout } from './pay-host.ts';
import { registerPayoutEvents } from './payout-events.ts';
import {
  findPayout,
  listOutstandingBookings,
  listPayableHosts,
  listPayouts,
  listPendingPayoutIds,
} from './payout-repository.ts';

export type PayoutServiceDeps = {
  db: Db;
  payments: Pick<PaymentService, 'sendTransfer' | 'onEvent'>;
  notifications: Pick<NotificationService, 'notify' | 'notifyAdmins'>;
  bus: Pick<RealtimeBus, 'publish'>;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  now?: () => Date;
  /** Hosts paid at once by a run; each host is still paid under its own lock. */
  concurrency?: number;
};

/** Run `work` over `items`, at most `limit` at a time, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

function summarise(runId: string, results: PayoutOutcome[]): PayoutRun {
  const count = (name: PayoutOutcome['outcome']) => results.filter((row) => row.outcome === name).length;
  return {
    run_id: runId,
    results,
    paid_count: count('paid'),
    paid_cents: results
      .filter((row) => row.outcome === 'paid')
      .reduce((sum, row) => sum + row.amount_cents, 0),
    failed_count: count('failed'),
    pending_count: count('pending'),
    skipped_count: count('skipped'),
  };
}

const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim() || 'Unnamed host';

/**
 * Paying hosts their payable earnings through the payment interface, exactly once each (ADR 129):
 * "Pay" for one host, "Pay all", the weekly run, resume of payouts left pending, retry of failed
 * ones, and the Connect events that settle or reverse them.
 */
export function createPayoutService(deps: PayoutServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const pay: PayDeps = { ...deps, now };
  const concurrency = deps.concurrency ?? 4;
  registerPayoutEvents({ ...pay, payments: deps.payments, log: deps.log });

  /** Asks again, with the same key, about every pending payout (oldest first). */
  async function resumePending(options: { olderThanMs?: number } = {}): Promise<PayoutOutcome[]> {
    const before = options.olderThanMs ? new Date(now().getTime() - options.olderThanMs) : undefined;
    const ids = await listPendingPayoutIds(deps.db, 10_000, before);
    const payouts = await Promise.all(ids.map((id) => findPayout(deps.db, id)));
    return mapLimited(
      payouts.filter((payout) => payout?.status === 'pending'),
      concurrency,
      (payout) => sendPayout(pay, payout as NonNullable<typeof payout>),
    );
  }

  async function payAll(requestedBy: string | null): Promise<PayoutRun> {
    const runId = randomUUID();
    const resumed = await resumePending();
    const hosts = await listPayableHosts(deps.db);
    const done = new Set(resumed.map((row) => row.host_id));
    const results = await mapLimited(
      hosts.filter((host) => !done.has(host.host_id)),
      concurrency,
      (host) => payHost(pay, host.host_id, { requestedBy, runId }),
    );
    const run = summarise(runId, [...resumed, ...results]);
    deps.log.info(
      { runId, paid: run.paid_count, paidCents: run.paid_cents, failed: run.failed_count },
      'payout run done',
    );
    return run;
  }

  return {
    payHost: (hostId: string, requestedBy: string | null) =>
      payHost(pay, hostId, { requestedBy, runId: null }),
    payAll,
    resumePending,

    /** A failed payout's "Retry": a new payout of what is payable now (the old key stays spent). */
    async retry(payoutId: string, requestedBy: string | null): Promise<PayoutOutcome> {
      const payout = await findPayout(deps.db, payoutId);
      if (!payout) throw new AppError('not_found', 'There is no such payout.');
      if (payout.status !== 'failed') {
        throw new AppError('conflict', 'Only a failed payout can be retried.');
      }
      return payHost(pay, payout.host_id, { requestedBy, runId: null, retryOf: payout.id });
    },

    /** The weekly run (pg-boss): "Pay all" when the setting is on; false when it is off. */
    async runWeekly(): Promise<PayoutRun | null> {
      if (!(await getWeeklyPayoutsEnabled(deps.db))) return null;
      return payAll(null);
    },

    /** /admin/provider-payout: who is owed what, on which bookings, and the payouts so far. */
    async overview(options: { historyLimit?: number } = {}): Promise<PayoutOverview> {
      const [hosts, history] = await Promise.all([
        listPayableHosts(deps.db),
        listPayouts(deps.db, { limit: options.historyLimit ?? 50 }),
      ]);
      const bookings = await listOutstandingBookings(
        deps.db,
        hosts.map((host) => host.host_id),
      );
      const views: PayableHostView[] = hosts.map((host) => ({
        host_id: host.host_id,
        name: fullName(host),
        email: host.email,
        payable_cents: host.payable_cents,
        connect: !host.stripe_connect_id
          ? 'unlinked'
          : host.is_stripe_connected
            ? 'connected'
            : 'not_connected',
        bookings: bookings
          .filter((row) => row.host_id === host.host_id)
          .map((row) => ({
            booking_id: row.booking_id,
            bathroom_title: row.bathroom_title,
            starts_at: row.starts_at.toISOString(),
            amount_cents: row.amount_cents,
          })),
        pending_payout_id: host.pending_payout_id,
      }));
      const payouts: PayoutView[] = history.map((row) => ({
        id: row.id,
        host_id: row.host_id,
        host_name: fullName(row),
        amount_cents: row.amount_cents,
        status: row.status,
        transfer_id: row.transfer_id,
        attempts: row.attempts,
        last_error: row.last_error,
        booking_count: Number(row.booking_count ?? 0),
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at?.toISOString() ?? null,
        failed_at: row.failed_at?.toISOString() ?? null,
        retryable: row.status === 'failed' && !row.superseded,
      }));
      return {
        hosts: views,
        payouts,
        total_payable_cents: hosts.reduce((sum, host) => sum + Math.max(0, host.payable_cents), 0),
      };
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

/**
 * The weekly "Pay all" (Mondays 14:00 UTC), obeying weekly_payouts_enabled, and a resume every ten
 * minutes of payouts a dead process left pending (idempotent: same key, settled once).
 */
export function definePayoutJobs(jobs: Scheduler, payouts: PayoutService) {
  jobs.define({
    name: 'payouts.weekly',
    cron: '0 14 * * 1',
    retryLimit: 3,
    handler: async () => {
      await payouts.runWeekly();
    },
  });
  jobs.define({
    name: 'payouts.resume',
    cron: '*/10 * * * *',
    retryLimit: 0,
    handler: async () => {
      await payouts.resumePending({ olderThanMs: 10 * 60_000 });
    },
  });
}
