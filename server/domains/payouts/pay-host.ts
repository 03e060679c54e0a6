import type { Selectable, Transaction } from 'kysely';
import { formatUsd } from '../../../common/money.ts';
import type { PayoutOutcome, SkipReason } from '../../../common/schemas/payouts.ts';
import type { Db } from '../../db/database.ts';
import type { Database, PayoutTable } from '../../db/types.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { postPayoutFailed, postPayoutPaid, postPayoutStart } from './payout-journals.ts';
import { type NoticeDeps, tellPayoutFailed, tellPayoutSent } from './payout-notices.ts';
import {
  countAttempt,
  findPayout,
  findPayoutTarget,
  findPendingPayout,
  insertPayout,
  insertPayoutBookings,
  listOutstandingBookings,
  lockHostForPayout,
  noteUnknownOutcome,
  settlePayout,
  sumPayable,
} from './payout-repository.ts';

/**
 * One host's payout, in three steps (ADR 129):
 * 1. Under the host's lock, in one transaction: the payout row (pending), the bookings it carries
 *    and its start journal (payable → in transit). A second run waiting on the lock then finds
 *    the pending payout, or a balance of zero.
 * 2. The transfer, outside any transaction, keyed `payout:<id>`: asking again after a crash, a
 *    timeout or from a concurrent run returns the same transfer, never a second one.
 * 3. In one transaction: paid (in transit → cash out) or failed (back to payable), each only
 *    from pending, with the host's and admins' notices.
 */

export type PayDeps = NoticeDeps & {
  db: Db;
  payments: Pick<PaymentService, 'sendTransfer'>;
  now: () => Date;
};

type Payout = Pick<Selectable<PayoutTable>, 'id' | 'host_id' | 'amount_cents' | 'destination_account_id'>;

export const transferKeyOf = (payoutId: string) => `payout:${payoutId}`;

const outcome = (
  hostId: string,
  fields: Partial<Omit<PayoutOutcome, 'host_id'>> & Pick<PayoutOutcome, 'outcome'>,
): PayoutOutcome => ({
  host_id: hostId,
  payout_id: null,
  amount_cents: 0,
  skip_reason: null,
  error: null,
  ...fields,
});

const skipped = (hostId: string, reason: SkipReason, amountCents = 0) =>
  outcome(hostId, { outcome: 'skipped', skip_reason: reason, amount_cents: amountCents });

/** Who asked for a payout (null: the weekly run) and whether it retries a failed one. */
export type PayoutRequest = { requestedBy: string | null; runId: string | null; retryOf?: string };

/** Step 1; returns the pending payout to send, or why there is none. */
async function startPayout(
  trx: Transaction<Database>,
  hostId: string,
  by: PayoutRequest,
): Promise<{ payout: Payout } | { skip: PayoutOutcome }> {
  await lockHostForPayout(trx, hostId);
  const pending = await findPendingPayout(trx, hostId);
  // Sent before and not settled (a run that died, or one still running): ask again, same key.
  if (pending) return { payout: pending };
  const target = await findPayoutTarget(trx, hostId);
  const payable = await sumPayable(trx, hostId);
  if (payable === 0) return { skip: skipped(hostId, 'nothing_payable') };
  // Spec §4: unlinked is no account id or not connected.
  if (!target?.stripe_connect_id) return { skip: skipped(hostId, 'unlinked', payable) };
  if (!target.is_stripe_connected) return { skip: skipped(hostId, 'not_connected', payable) };
  if (payable < 0) return { skip: skipped(hostId, 'negative_balance', payable) };
  const bookings = await listOutstandingBookings(trx, [hostId]);
  const payout = await insertPayout(trx, {
    host_id: hostId,
    amount_cents: payable,
    destination_account_id: target.stripe_connect_id,
    requested_by: by.requestedBy,
    run_id: by.runId,
  });
  await insertPayoutBookings(
    trx,
    bookings.map((booking) => ({
      payout_id: payout.id,
      booking_id: booking.booking_id,
      amount_cents: booking.amount_cents,
    })),
  );
  await postPayoutStart(trx, payout);
  await recordAdminAction(trx, {
    actorId: by.requestedBy,
    action: by.retryOf ? 'payout.retried' : 'payout.requested',
    targetType: 'payout',
    targetId: payout.id,
    summary: `${by.retryOf ? 'Retried a payout' : 'Paid out'} ${formatUsd(payable)} to a host (${bookings.length} booking${bookings.length === 1 ? '' : 's'})`,
    before: by.retryOf ? { failed_payout_id: by.retryOf } : null,
    after: { host_id: hostId, amount_cents: payable, run_id: by.runId },
  });
  return { payout };
}

/** Step 3 for a transfer the provider holds: paid, once, whoever gets here first. */
export async function settlePaid(
  deps: PayDeps,
  trx: Transaction<Database>,
  payout: Pick<Payout, 'id' | 'host_id' | 'amount_cents'>,
  transferId: string,
): Promise<boolean> {
  const settled = await settlePayout(trx, payout.id, 'pending', {
    status: 'paid',
    transfer_id: transferId,
    last_error: null,
    at: deps.now(),
  });
  if (!settled) return false;
  await postPayoutPaid(trx, settled);
  await tellPayoutSent(deps, trx, settled);
  return true;
}

async function settleFailed(deps: PayDeps, payout: Payout, reason: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const settled = await settlePayout(trx, payout.id, 'pending', {
      status: 'failed',
      last_error: reason,
      at: deps.now(),
    });
    if (!settled) return false;
    await postPayoutFailed(trx, settled);
    await tellPayoutFailed(deps, trx, settled, { reason });
    return true;
  });
}

/** Steps 2 and 3 for a pending payout: what a run does after starting it, and what resume does. */
export async function sendPayout(deps: PayDeps, payout: Payout): Promise<PayoutOutcome> {
  const base = { payout_id: payout.id, amount_cents: payout.amount_cents };
  await countAttempt(deps.db, payout.id);
  const answer = await deps.payments.sendTransfer({
    accountId: payout.destination_account_id,
    amountCents: payout.amount_cents,
    idempotencyKey: transferKeyOf(payout.id),
    reference: payout.id,
  });
  if (answer.status === 'unknown') {
    await noteUnknownOutcome(deps.db, payout.id, answer.reason);
    return outcome(payout.host_id, { outcome: 'pending', ...base, error: answer.reason });
  }
  const mine =
    answer.status === 'sent'
      ? await deps.db.transaction().execute((trx) => settlePaid(deps, trx, payout, answer.transferId))
      : await settleFailed(deps, payout, answer.reason);
  if (mine) {
    return answer.status === 'sent'
      ? outcome(payout.host_id, { outcome: 'paid', ...base })
      : outcome(payout.host_id, { outcome: 'failed', ...base, error: answer.reason });
  }
  // Another run (or a webhook) settled it first: report what it decided.
  const now = await findPayout(deps.db, payout.id);
  const status = now?.status === 'paid' || now?.status === 'reversed' ? 'paid' : (now?.status ?? 'pending');
  return outcome(payout.host_id, {
    outcome: status === 'paid' ? 'paid' : status === 'failed' ? 'failed' : 'pending',
    ...base,
    error: now?.last_error ?? null,
  });
}

/** Pays one host what is payable now, or resumes their payout in flight. */
export async function payHost(deps: PayDeps, hostId: string, by: PayoutRequest): Promise<PayoutOutcome> {
  const started = await deps.db.transaction().execute((trx) => startPayout(trx, hostId, by));
  if ('skip' in started) return started.skip;
  return sendPayout(deps, started.payout);
}
