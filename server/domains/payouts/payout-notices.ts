import type { Transaction } from 'kysely';
import { formatUsd } from '../../../common/money.ts';
import { PAYOUT_EVENT } from '../../../common/schemas/payouts.ts';
import type { Database } from '../../db/types.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { claimPayoutNotice } from './payout-repository.ts';

/** Who hears about a payout, and what they read (ADR 129); all in the payout's transaction. */

export type NoticeDeps = {
  notifications: Pick<NotificationService, 'notify' | 'notifyAdmins'>;
  bus: Pick<RealtimeBus, 'publish'>;
};

type PayoutRow = { id: string; host_id: string; amount_cents: number };

const meta = (payout: PayoutRow) => ({ payout_id: payout.id, amount_cents: payout.amount_cents });

/** Open /admin/provider-payout pages reload. */
export const announcePayout = (deps: NoticeDeps, payout: PayoutRow, trx: Transaction<Database>) =>
  deps.bus.publish('admins', PAYOUT_EVENT, { id: payout.id, host_id: payout.host_id }, trx);

export async function tellPayoutSent(deps: NoticeDeps, trx: Transaction<Database>, payout: PayoutRow) {
  await announcePayout(deps, payout, trx);
  if (!(await claimPayoutNotice(trx, payout.id))) return;
  await deps.notifications.notify(
    {
      userId: payout.host_id,
      type: 'OWNER_PAYOUT_SENT',
      message: `We sent ${formatUsd(payout.amount_cents)} of your earnings to your Stripe account.`,
      meta: meta(payout),
    },
    trx,
  );
}

/** The host (once per payout) and every admin hear that a payout failed or came back. */
export async function tellPayoutFailed(
  deps: NoticeDeps,
  trx: Transaction<Database>,
  payout: PayoutRow,
  how: { reversed?: boolean; reason: string },
) {
  await announcePayout(deps, payout, trx);
  const amount = formatUsd(payout.amount_cents);
  const hostMessage = how.reversed
    ? `Your payout of ${amount} came back from Stripe. It is payable again and will be sent once your Stripe account can receive it.`
    : `Your payout of ${amount} could not be sent. It stays in your balance and will be sent again; check your Stripe account.`;
  if (how.reversed || (await claimPayoutNotice(trx, payout.id))) {
    await deps.notifications.notify(
      { userId: payout.host_id, type: 'OWNER_PAYOUT_FAILED', message: hostMessage, meta: meta(payout) },
      trx,
    );
  }
  await deps.notifications.notifyAdmins(
    {
      type: 'ADMIN_PAYOUT_FAILED',
      message: how.reversed
        ? `A paid payout of ${amount} was reversed (${how.reason}); the host's balance is payable again.`
        : `A payout of ${amount} failed (${how.reason}); the balance is payable again. Retry it in Provider payouts.`,
      meta: { ...meta(payout), host_id: payout.host_id },
    },
    trx,
  );
}

/** Stripe could not move the host's money on from their account to their bank. */
export async function tellBankPayoutFailed(
  deps: NoticeDeps,
  trx: Transaction<Database>,
  input: { hostId: string; amountCents: number; reason: string | null },
) {
  const amount = formatUsd(input.amountCents);
  const reason = input.reason ?? 'no reason given';
  await deps.notifications.notify(
    {
      userId: input.hostId,
      type: 'OWNER_PAYOUT_FAILED',
      message: `Stripe could not pay ${amount} out to your bank (${reason}). Check your bank details in Stripe.`,
      meta: { amount_cents: input.amountCents },
    },
    trx,
  );
  await deps.notifications.notifyAdmins(
    {
      type: 'ADMIN_PAYOUT_FAILED',
      message: `Stripe could not pay ${amount} out to a host's bank (${reason}).`,
      meta: { amount_cents: input.amountCents, host_id: input.hostId },
    },
    trx,
  );
}
