import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import {
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type RefundState,
  type RefundStatus,
  TransferRefusedError,
  WebhookSignatureError,
} from './payment-provider.ts';
import {
  completeTestAccount,
  completeTestSession,
  expireTestSession,
  findTestAccount,
  findTestRefund,
  findTestRefundByKey,
  findTestSession,
  findTestSessionByPaymentIntent,
  insertTestAccount,
  insertTestRefund,
  insertTestSession,
  insertTestTransfer,
  listLapsedTestSessions,
  restrictTestAccount,
  setTestAccountLink,
  sumTestRefunds,
} from './repository.ts';

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Hands an event to the payments dispatcher inside the caller's transaction. */
export type Emit = (trx: Transaction<Database>, event: ProviderEvent) => Promise<boolean>;

export type TestProviderDeps = { db: Db; appUrl: string; now?: () => Date };

export type TestCheckoutView = {
  id: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  expires_at: string;
};

/**
 * The built-in provider used when no Stripe keys are set: it keeps sessions, accounts, refunds and
 * transfers in its own tables, shows its own pages (/test-checkout, /test-connect), and drives the
 * same normalised events through the same dispatcher as Stripe's webhook (via `emit`).
 */
export function createTestProvider(deps: TestProviderDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let emit: Emit = async () => {
    throw new Error('The test payment provider is not attached to a dispatcher');
  };

  type TestRefundRow = NonNullable<Awaited<ReturnType<typeof findTestRefund>>>;
  const refundState = (refund: TestRefundRow): RefundState => ({
    refundId: refund.id,
    reference: refund.reference,
    paymentIntentId: refund.payment_intent_id,
    amountCents: refund.amount_cents,
    status: refund.status as RefundStatus,
    failureReason: null,
  });

  const successUrlFor = (template: string, sessionId: string) =>
    template.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));

  async function expireIn(trx: Transaction<Database>, sessionId: string): Promise<boolean> {
    const session = await expireTestSession(trx, sessionId);
    if (!session) return false;
    await emit(trx, {
      id: `evt_test_${session.id}_expired`,
      provider: 'test',
      rawType: 'checkout.session.expired',
      event: { type: 'checkout.expired', sessionId: session.id, reference: session.reference },
    });
    return true;
  }

  const provider: PaymentProvider = {
    kind: 'test',

    async createCheckout(input) {
      const id = newId('cs');
      await insertTestSession(db, {
        id,
        reference: input.reference,
        amount_cents: input.amountCents,
        currency: input.currency.toLowerCase(),
        description: input.description,
        customer_email: input.customerEmail ?? null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // No 30-minute floor here: the test session lapses exactly with the hold.
        expires_at: input.expiresAt,
      });
      return { sessionId: id, url: `${deps.appUrl}/test-checkout/${id}` };
    },

    async expireCheckout(sessionId) {
      return { expired: await db.transaction().execute((trx) => expireIn(trx, sessionId)) };
    },

    async retrieveCheckout(sessionId): Promise<CheckoutState> {
      const session = await findTestSession(db, sessionId);
      if (!session) throw new PaymentProviderError(`No such checkout.session: '${sessionId}'`);
      const lapsed = session.status === 'open' && session.expires_at <= now();
      return {
        sessionId: session.id,
        status: lapsed ? 'expired' : session.status,
        paid: session.status === 'complete',
        reference: session.reference,
        paymentIntentId: session.payment_intent_id,
        amountCents: session.amount_cents,
      };
    },

    async retrieveRefund(refundId) {
      const refund = await findTestRefund(db, refundId);
      if (!refund) throw new PaymentProviderError(`No such refund: '${refundId}'`);
      return refundState(refund);
    },

    async refund(input) {
      // One transaction: the refund and its refund.updated event are stored together or not at all.
      return db.transaction().execute(async (trx) => {
        const known = await findTestRefundByKey(trx, input.idempotencyKey);
        if (known) {
          if (known.payment_intent_id !== input.paymentIntentId || known.amount_cents !== input.amountCents) {
            throw new PaymentProviderError(
              'Keys for idempotent requests can only be used with the same parameters',
            );
          }
          return { refundId: known.id, status: known.status as RefundStatus };
        }
        const session = await findTestSessionByPaymentIntent(trx, input.paymentIntentId);
        if (!session) throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
        const refunded = await sumTestRefunds(trx, input.paymentIntentId);
        if (input.amountCents <= 0 || refunded + input.amountCents > session.amount_cents) {
          throw new PaymentProviderError(
            `Refund of ${input.amountCents} exceeds the ${session.amount_cents - refunded} cents left on ${input.paymentIntentId}`,
          );
        }
        const refund = await insertTestRefund(trx, {
          id: newId('re'),
          idempotency_key: input.idempotencyKey,
          payment_intent_id: input.paymentIntentId,
          amount_cents: input.amountCents,
          reference: input.reference,
          // Card refunds succeed at once here; Stripe's pending and failed refunds are tested
          // against the Stripe stand-in (stripe-booking.test.ts).
          status: 'succeeded',
        });
        // Stripe follows a refund with refund.* events; the test provider does the same.
        await emit(trx, {
          id: `evt_test_${refund.id}_updated`,
          provider: 'test',
          rawType: 'refund.updated',
          event: { type: 'refund.updated', ...refundState(refund) },
        });
        return { refundId: refund.id, status: refund.status as RefundStatus };
      });
    },

    async createConnectAccount(input) {
      const account = await insertTestAccount(db, {
        id: newId('acct'),
        user_id: input.userId,
        email: input.email,
      });
      return { accountId: account.id };
    },

    async createAccountLink(input) {
      const account = await setTestAccountLink(db, input.accountId, {
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
      });
      if (!account) throw new PaymentProviderError(`No such account: '${input.accountId}'`);
      return { url: `${deps.appUrl}/test-connect/${account.id}` };
    },

    async retrieveAccount(accountId) {
      const account = await findTestAccount(db, accountId);
      if (!account) throw new PaymentProviderError(`No such account: '${accountId}'`);
      return {
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        detailsSubmitted: account.details_submitted,
      };
    },

    async transfer(input) {
      const account = await findTestAccount(db, input.accountId);
      if (!account) throw new TransferRefusedError(`No such destination: '${input.accountId}'`);
      // Like Stripe for an account it has restricted: tests fail a payout by switching this off.
      if (!account.payouts_enabled) {
        throw new TransferRefusedError(`The destination account ${input.accountId} cannot receive transfers`);
      }
      const transfer = await insertTestTransfer(db, {
        id: newId('tr'),
        idempotency_key: input.idempotencyKey,
        account_id: input.accountId,
        amount_cents: input.amountCents,
        reference: input.reference,
      });
      if (transfer.account_id !== input.accountId || transfer.amount_cents !== input.amountCents) {
        throw new PaymentProviderError(
          'Keys for idempotent requests can only be used with the same parameters',
        );
      }
      return { transferId: transfer.id };
    },

    parseWebhook() {
      throw new WebhookSignatureError('The test payment provider takes no webhooks.');
    },
  };

  /** What Stripe sends when an account's state changes; restrict and complete both send it. */
  const emitAccountUpdated = (
    trx: Parameters<Emit>[0],
    account: Awaited<ReturnType<typeof completeTestAccount>>,
  ) =>
    emit(trx, {
      id: newId('evt'),
      provider: 'test',
      rawType: 'account.updated',
      event: {
        type: 'account.updated',
        accountId: account.id,
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        detailsSubmitted: account.details_submitted,
      },
    });

  return {
    provider,
    attach(dispatch: Emit) {
      emit = dispatch;
    },

    async getCheckout(sessionId: string): Promise<TestCheckoutView> {
      const session = await findTestSession(db, sessionId);
      if (!session) throw new AppError('not_found', 'There is no such test checkout.');
      const lapsed = session.status === 'open' && session.expires_at <= now();
      return {
        id: session.id,
        description: session.description,
        amount_cents: session.amount_cents,
        currency: session.currency,
        status: lapsed ? 'expired' : session.status,
        expires_at: session.expires_at.toISOString(),
      };
    },

    /** "Pay": completes the session and emits checkout.completed in one transaction. */
    async payCheckout(sessionId: string): Promise<{ redirectTo: string }> {
      return db.transaction().execute(async (trx) => {
        const session = await completeTestSession(trx, sessionId, newId('pi'), now());
        if (!session) {
          const existing = await findTestSession(trx, sessionId);
          if (!existing) throw new AppError('not_found', 'There is no such test checkout.');
          if (existing.status === 'complete')
            throw new AppError('conflict', 'This checkout is already paid.');
          throw new AppError('conflict', 'This checkout has expired; its hold was released.');
        }
        await emit(trx, {
          id: `evt_test_${session.id}_completed`,
          provider: 'test',
          rawType: 'checkout.session.completed',
          event: {
            type: 'checkout.completed',
            sessionId: session.id,
            reference: session.reference,
            paymentIntentId: session.payment_intent_id as string,
            amountCents: session.amount_cents,
          },
        });
        return { redirectTo: successUrlFor(session.success_url, session.id) };
      });
    },

    /** "Cancel": like Stripe's back link, the session stays open until it lapses. */
    async cancelCheckout(sessionId: string): Promise<{ redirectTo: string }> {
      const session = await findTestSession(db, sessionId);
      if (!session) throw new AppError('not_found', 'There is no such test checkout.');
      return { redirectTo: session.cancel_url };
    },

    /** Emits checkout.expired for sessions whose time has passed (Stripe does this on its side). */
    async expireLapsed(limit = 100): Promise<number> {
      let expired = 0;
      for (const id of await listLapsedTestSessions(db, now(), limit)) {
        if (await db.transaction().execute((trx) => expireIn(trx, id))) expired += 1;
      }
      return expired;
    },

    findAccount: (accountId: string) => findTestAccount(db, accountId),

    /**
     * Like Stripe restricting an account (a verification lapsed, a bank account closed): payouts
     * stop and account.updated follows, so the host reads as not connected (ADR 129).
     */
    async restrictAccount(accountId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const account = await restrictTestAccount(trx, accountId);
        await emitAccountUpdated(trx, account);
      });
    },

    /** "Complete" on /test-connect: the account can now be paid; account.updated follows. */
    async completeAccount(accountId: string): Promise<{ redirectTo: string }> {
      return db.transaction().execute(async (trx) => {
        const account = await completeTestAccount(trx, accountId);
        await emitAccountUpdated(trx, account);
        return { redirectTo: account.return_url ?? `${deps.appUrl}/stripe-connect` };
      });
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
