/**
 * The one payment interface the rest of Privy sees (ADR 091). Stripe implements it when
 * STRIPE_SECRET_KEY is set; the built-in test provider otherwise. Amounts are integer cents.
 */

export type CheckoutInput = {
  /** Our own id for what is paid (a booking id); comes back on every checkout event. */
  reference: string;
  amountCents: number;
  /** ISO 4217, lower case ('usd'). */
  currency: string;
  /** What the payer sees on the checkout page. */
  description: string;
  customerEmail?: string | undefined;
  /** May hold {CHECKOUT_SESSION_ID}, replaced by the session id on the way back. */
  successUrl: string;
  cancelUrl: string;
  /** When the hold behind this payment lapses; the session must not be payable after it. */
  expiresAt: Date;
};

export type AccountState = { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean };

/**
 * A refund as the provider sees it, in three words: `pending` (accepted, money not yet back;
 * Stripe's pending and requires_action), `succeeded` (back with the payer), `failed` (the provider
 * has given up on it: Stripe's failed and canceled). Only `failed` ends a refund without the money
 * moving; Stripe may still turn a succeeded refund into a failed one, never the other way.
 */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** What the provider says of a checkout session when asked (reconciliation, ADR 091). */
export type CheckoutState = {
  sessionId: string;
  /** open: payable; complete: the payer finished (paid, or a delayed method still processing); expired. */
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  reference: string | null;
  paymentIntentId: string | null;
  amountCents: number;
};

/** What events mean to us, whatever provider sent them. */
export type PaymentEvent =
  | {
      type: 'checkout.completed';
      sessionId: string;
      reference: string;
      paymentIntentId: string;
      amountCents: number;
    }
  | { type: 'checkout.expired'; sessionId: string; reference: string }
  | {
      type: 'refund.updated';
      refundId: string;
      /** The caller's own id for the refund, sent as metadata; null for refunds made elsewhere. */
      reference: string | null;
      paymentIntentId: string;
      amountCents: number;
      status: RefundStatus;
      /** The provider's reason when it failed (Stripe's failure_reason). */
      failureReason: string | null;
    }
  | ({ type: 'account.updated'; accountId: string } & AccountState)
  | {
      /** A transfer to a connected account was made or (partly) reversed (ADR 129). */
      type: 'transfer.updated';
      transferId: string;
      /** The caller's reference (the payout id), null for transfers made elsewhere. */
      reference: string | null;
      accountId: string;
      amountCents: number;
      reversedCents: number;
    }
  | {
      /** The connected account's own payout to the host's bank (Connect `payout.*` events). */
      type: 'bank_payout.updated';
      accountId: string;
      bankPayoutId: string;
      amountCents: number;
      status: 'paid' | 'failed' | 'other';
      failureMessage: string | null;
    };

export type PaymentEventType = PaymentEvent['type'];

export type RefundInput = {
  paymentIntentId: string;
  amountCents: number;
  /** The same key never refunds twice; a new key is a new refund. */
  idempotencyKey: string;
  /** The caller's own id for this refund; comes back on its refund.updated events. */
  reference: string;
};

export type RefundState = Omit<Extract<PaymentEvent, { type: 'refund.updated' }>, 'type'>;

/** An event with the provider's own id, which makes a replay recognisable. */
export type ProviderEvent = {
  id: string;
  provider: ProviderKind;
  /** The provider's event type as sent (for the record); `event` is null for types we ignore. */
  rawType: string;
  event: PaymentEvent | null;
};

export type ProviderKind = 'stripe' | 'test';

export interface PaymentProvider {
  readonly kind: ProviderKind;
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Closes an open session; false when it was no longer open (paid or expired already). */
  expireCheckout(sessionId: string): Promise<{ expired: boolean }>;
  /** How a session stands now, for when its events are late or lost. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  refund(input: RefundInput): Promise<{ refundId: string; status: RefundStatus }>;
  /** How a refund stands now, for when its events are late or lost. */
  retrieveRefund(refundId: string): Promise<RefundState>;
  createConnectAccount(input: { userId: string; email: string | null }): Promise<{ accountId: string }>;
  createAccountLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<AccountState>;
  transfer(input: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
    reference: string;
  }): Promise<{ transferId: string }>;
  /**
   * Verifies a webhook's signature over the raw body and normalises it. Throws
   * WebhookSignatureError when it does not verify.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider refused or could not be reached; the caller may retry later. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/**
 * The provider answered and refused a transfer (no such or a disabled destination, not enough
 * balance): no money moved, so the payout may fail for good. Any other PaymentProviderError from
 * transfer() leaves it unknown whether the transfer was made (ADR 129).
 */
export class TransferRefusedError extends PaymentProviderError {
  override name = 'TransferRefusedError';
}

/**
 * A host counts as connected once the provider has their details and can pay them out: with
 * separate charges and transfers the platform takes the charge, so payouts are what matter.
 */
export function isConnected(state: AccountState): boolean {
  return state.detailsSubmitted && state.payoutsEnabled;
}

/** Stripe will not let a Checkout Session expire sooner than 30 minutes after it is created. */
export const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;
