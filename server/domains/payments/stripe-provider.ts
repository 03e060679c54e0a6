import Stripe from 'stripe';
import {
  type AccountState,
  type CheckoutInput,
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type RefundState,
  type RefundStatus,
  STRIPE_MIN_SESSION_MS,
  TransferRefusedError,
  WebhookSignatureError,
} from './payment-provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Only tests set these: the SDK then talks to a local stand-in for api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
  now?: () => Date;
};

// Stripe's expiry must be at least 30 minutes out; a minute more absorbs clock skew between us
// and Stripe. Shorter holds are closed by our own call to expireCheckout when they lapse (ADR 091).
const EXPIRY_SLACK_MS = 60 * 1000;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Wraps what the SDK throws so callers see one error type, keeping Stripe's message for the log. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Stripe's five refund states in our three (payment-provider.ts, RefundStatus). */
export function refundStatusOf(status: string | null | undefined): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function refundState(refund: Stripe.Refund): RefundState | null {
  const paymentIntentId = idOf(refund.payment_intent);
  if (!paymentIntentId) return null;
  return {
    refundId: refund.id,
    reference: refund.metadata?.reference ?? null,
    paymentIntentId,
    amountCents: refund.amount,
    status: refundStatusOf(refund.status),
    failureReason: refund.failure_reason ?? null,
  };
}

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    sessionId: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    // A delayed payment method completes the session unpaid; async_payment_succeeded pays it later.
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    reference: session.client_reference_id ?? session.metadata?.reference ?? null,
    paymentIntentId: idOf(session.payment_intent),
    amountCents: session.amount_total ?? 0,
  };
}

function normalise(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A session completed with a delayed method is not paid yet; its async_payment_succeeded follows.
      if (session.payment_status !== 'paid') return null;
      const paymentIntentId = idOf(session.payment_intent);
      const reference = session.client_reference_id ?? session.metadata?.reference;
      if (!paymentIntentId || !reference) return null;
      return {
        type: 'checkout.completed',
        sessionId: session.id,
        reference,
        paymentIntentId,
        amountCents: session.amount_total ?? 0,
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const reference = session.client_reference_id ?? session.metadata?.reference;
      if (!reference) return null;
      return { type: 'checkout.expired', sessionId: session.id, reference };
    }
    // Stripe sends a refund's changes as refund.* and, for charges, charge.refund.updated; all
    // carry the Refund itself, so any of them tells its state.
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const state = refundState(event.data.object);
      return state ? { type: 'refund.updated', ...state } : null;
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        type: 'account.updated',
        accountId: account.id,
        chargesEnabled: Boolean(account.charges_enabled),
        payoutsEnabled: Boolean(account.payouts_enabled),
        detailsSubmitted: Boolean(account.details_submitted),
      };
    }
    case 'transfer.created':
    case 'transfer.updated':
    case 'transfer.reversed': {
      const transfer = event.data.object;
      const accountId = idOf(transfer.destination);
      if (!accountId) return null;
      return {
        type: 'transfer.updated',
        transferId: transfer.id,
        reference: transfer.metadata?.reference ?? null,
        accountId,
        amountCents: transfer.amount,
        reversedCents: transfer.amount_reversed ?? 0,
      };
    }
    // Connect events from the host's account: its payouts from Stripe to their bank.
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object;
      if (!event.account) return null;
      return {
        type: 'bank_payout.updated',
        accountId: event.account,
        bankPayoutId: payout.id,
        amountCents: payout.amount,
        status: event.type === 'payout.paid' ? 'paid' : 'failed',
        failureMessage: payout.failure_message ?? null,
      };
    }
    default:
      return null;
  }
}

/** Stripe on the platform account: Checkout, separate charges and transfers, Connect Express. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    appInfo: { name: 'Privy' },
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  return {
    kind: 'stripe',

    async createCheckout(input: CheckoutInput) {
      const earliest = now().getTime() + STRIPE_MIN_SESSION_MS + EXPIRY_SLACK_MS;
      const expiresAt = Math.max(input.expiresAt.getTime(), earliest);
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.reference,
          metadata: { reference: input.reference },
          payment_intent_data: { metadata: { reference: input.reference } },
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.ceil(expiresAt / 1000),
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned a Checkout Session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { expired: true };
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: it was paid or has expired.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { expired: false };
        if (error instanceof Stripe.errors.StripeError) {
          throw new PaymentProviderError(`Stripe checkout.sessions.expire failed: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    async retrieveCheckout(sessionId) {
      const session = await call('checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(sessionId),
      );
      return checkoutState(session);
    },

    async refund(input) {
      const refund = await call('refunds.create', () =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundId: refund.id, status: refundStatusOf(refund.status) };
    },

    async retrieveRefund(refundId) {
      const refund = await call('refunds.retrieve', () => stripe.refunds.retrieve(refundId));
      const state = refundState(refund);
      if (!state) throw new PaymentProviderError(`Stripe refund ${refundId} has no payment intent`);
      return state;
    },

    async createConnectAccount(input) {
      const account = await call('accounts.create', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            ...(input.email ? { email: input.email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { user_id: input.userId },
          },
          // Two quick clicks on "Connect" must not open two Stripe accounts for one host.
          { idempotencyKey: `connect-account:${input.userId}` },
        ),
      );
      return { accountId: account.id };
    },

    async createAccountLink(input) {
      const link = await call('accountLinks.create', () =>
        stripe.accountLinks.create({
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url };
    },

    async retrieveAccount(accountId): Promise<AccountState> {
      const account = await call('accounts.retrieve', () => stripe.accounts.retrieve(accountId));
      return {
        chargesEnabled: Boolean(account.charges_enabled),
        payoutsEnabled: Boolean(account.payouts_enabled),
        detailsSubmitted: Boolean(account.details_submitted),
      };
    },

    async transfer(input) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            destination: input.accountId,
            transfer_group: input.reference,
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { transferId: transfer.id };
      } catch (error) {
        // Stripe answered and said no (a bad or disabled destination, too little balance): no
        // transfer exists. A reused key's 409 (StripeIdempotencyError), a timeout or a 5xx leave
        // it unknown, so they stay PaymentProviderError and the payout is resumed (ADR 129).
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripePermissionError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new TransferRefusedError(`Stripe refused the transfer: ${error.message}`, { cause: error });
        }
        if (error instanceof Stripe.errors.StripeError) {
          throw new PaymentProviderError(`Stripe transfers.create failed: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    parseWebhook(rawBody, signature): ProviderEvent {
      if (!options.webhookSecret) {
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set, so no webhook can be verified.');
      }
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return { id: event.id, provider: 'stripe', rawType: event.type, event: normalise(event) };
    },
  };
}
