import type { PaymentService } from '../payments/payment-service.ts';
import { type PayDeps, settlePaid } from './pay-host.ts';
import { postPayoutReversed } from './payout-journals.ts';
import { tellBankPayoutFailed, tellPayoutFailed } from './payout-notices.ts';
import { findHostByAccount, findPayout, findPayoutByTransfer, settlePayout } from './payout-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Connect events (ADR 129), each handled in the event's transaction (recorded once by payments):
 * - transfer.* for a payout still pending (our answer was lost with its process): settles it paid;
 * - a transfer reversed in full after it was paid: the payout is reversed and payable again;
 * - the host's bank payout failed at Stripe: the host and admins are told.
 * account.updated is the payments domain's (the profile's connected flag, which payouts read).
 */
export function registerPayoutEvents(
  deps: PayDeps & {
    payments: Pick<PaymentService, 'onEvent'>;
    log: { warn: (obj: object, msg: string) => void };
  },
) {
  deps.payments.onEvent('transfer.updated', async (event, { trx }) => {
    const payout =
      (await findPayoutByTransfer(trx, event.transferId)) ??
      (event.reference && UUID.test(event.reference) ? await findPayout(trx, event.reference) : undefined);
    if (!payout || payout.amount_cents !== event.amountCents) return;
    if (payout.status === 'pending') {
      await settlePaid(deps, trx, payout, event.transferId);
    }
    if (event.reversedCents <= 0) return;
    if (event.reversedCents < payout.amount_cents) {
      // A partial reversal is made by hand at Stripe; it is not ours to book. Say so loudly.
      deps.log.warn({ payoutId: payout.id, reversed: event.reversedCents }, 'payout partly reversed');
      return;
    }
    const reversed = await settlePayout(trx, payout.id, 'paid', {
      status: 'reversed',
      last_error: 'The transfer was reversed',
      at: deps.now(),
    });
    if (!reversed) return;
    await postPayoutReversed(trx, reversed);
    await tellPayoutFailed(deps, trx, reversed, { reversed: true, reason: 'transfer reversed at Stripe' });
  });

  deps.payments.onEvent('bank_payout.updated', async (event, { trx }) => {
    if (event.status !== 'failed') return;
    const host = await findHostByAccount(trx, event.accountId);
    if (!host) return;
    await tellBankPayoutFailed(deps, trx, {
      hostId: host.id,
      amountCents: event.amountCents,
      reason: event.failureMessage,
    });
  });
}
