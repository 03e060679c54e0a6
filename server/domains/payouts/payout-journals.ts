import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { insertJournal } from './ledger-repository.ts';

/**
 * A payout's journals (ADR 128, 129), each posted in the transaction that moves the payout, once
 * per payout (the key is the payout's). T is the payout's amount; host_payable is a credit, so
 * debiting it takes the balance away and crediting it makes it payable again.
 */

type PayoutMoney = { id: string; host_id: string; amount_cents: number };

const journal = (payout: PayoutMoney, step: 'start' | 'paid' | 'failed' | 'reversed') => ({
  key: `payout:${payout.id}:${step}`,
  kind: `payout_${step}` as const,
  hostId: payout.host_id,
  payoutId: payout.id,
});

/** The payout is made: the host's payable balance goes in transit. */
export function postPayoutStart(trx: Transaction<Database>, payout: PayoutMoney) {
  return insertJournal(trx, {
    ...journal(payout, 'start'),
    entries: [
      { account: 'host_payable', amountCents: payout.amount_cents },
      { account: 'payout_in_transit', amountCents: -payout.amount_cents },
    ],
  });
}

/** The provider took the transfer: the money leaves the platform's cash. */
export function postPayoutPaid(trx: Transaction<Database>, payout: PayoutMoney) {
  return insertJournal(trx, {
    ...journal(payout, 'paid'),
    entries: [
      { account: 'payout_in_transit', amountCents: payout.amount_cents },
      { account: 'cash', amountCents: -payout.amount_cents },
    ],
  });
}

/** The provider refused it: nothing left, the balance is payable again. */
export function postPayoutFailed(trx: Transaction<Database>, payout: PayoutMoney) {
  return insertJournal(trx, {
    ...journal(payout, 'failed'),
    entries: [
      { account: 'payout_in_transit', amountCents: payout.amount_cents },
      { account: 'host_payable', amountCents: -payout.amount_cents },
    ],
  });
}

/** A paid transfer came back (reversed at the provider): cash again, owed to the host again. */
export function postPayoutReversed(trx: Transaction<Database>, payout: PayoutMoney) {
  return insertJournal(trx, {
    ...journal(payout, 'reversed'),
    entries: [
      { account: 'cash', amountCents: payout.amount_cents },
      { account: 'host_payable', amountCents: -payout.amount_cents },
    ],
  });
}
