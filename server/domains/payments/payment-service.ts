import type { Transaction } from 'kysely';
import { isAllowedConnectReturn } from '../../../common/connect-return.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { DirectoryService } from '../auth/directory-service.ts';
import {
  type CheckoutInput,
  type CheckoutState,
  isConnected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type RefundInput,
  type RefundState,
  TransferRefusedError,
  WebhookSignatureError,
} from './payment-provider.ts';
import { recordEvent } from './repository.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

export type EventContext = { trx: Transaction<Database>; eventId: string; provider: 'stripe' | 'test' };

export type EventHandler<T extends PaymentEventType> = (
  event: Extract<PaymentEvent, { type: T }>,
  context: EventContext,
) => Promise<void>;

type Logger = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export type PaymentDeps = {
  db: Db;
  config: Pick<Config, 'appUrl' | 'stripe'>;
  directory: Pick<DirectoryService, 'setStripeConnected' | 'linkStripeAccount'>;
  log: Logger;
  /** Tests pass a Stripe provider aimed at a local stand-in; otherwise chosen from the config. */
  provider?: PaymentProvider;
  now?: () => Date;
};

/** What onboarding shows: whether an account is linked and whether it can be paid. */
export type ConnectStatus = {
  provider: 'stripe' | 'test';
  account_id: string | null;
  connected: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
};

type ConnectViewer = {
  userId: string;
  email: string | null;
  profile: { is_provider: boolean; stripe_connect_id: string | null; is_stripe_connected: boolean };
};

function requireProvider(viewer: ConnectViewer) {
  if (!viewer.profile.is_provider) {
    throw new AppError('forbidden', 'Only hosts can link a payout account.');
  }
}

/**
 * Payments (ADR 091): the provider (Stripe or the built-in test one), the event dispatcher every
 * provider event goes through, and Connect onboarding for hosts. Other domains call the money
 * operations and subscribe with onEvent; this domain knows nothing about bookings.
 */
export function createPaymentService(deps: PaymentDeps) {
  const { db, config } = deps;
  const handlers = new Map<PaymentEventType, EventHandler<PaymentEventType>[]>();
  const test: TestProvider | null = deps.provider
    ? null
    : config.stripe
      ? null
      : createTestProvider({ db, appUrl: config.appUrl, ...(deps.now ? { now: deps.now } : {}) });
  const provider: PaymentProvider =
    deps.provider ??
    test?.provider ??
    createStripeProvider({
      secretKey: config.stripe?.secretKey as string,
      webhookSecret: config.stripe?.webhookSecret,
      ...config.stripe?.api,
    });

  /**
   * The one path every event takes, from Stripe's webhook or the test provider: record the id,
   * and only if it is new, run the handlers, all in the caller's transaction. A handler that
   * throws rolls the record back too, so the provider's retry gets another chance.
   */
  async function dispatchIn(trx: Transaction<Database>, incoming: ProviderEvent): Promise<boolean> {
    const fresh = await recordEvent(trx, {
      id: incoming.id,
      provider: incoming.provider,
      type: incoming.rawType,
    });
    if (!fresh || !incoming.event) return fresh;
    const context: EventContext = { trx, eventId: incoming.id, provider: incoming.provider };
    for (const handler of handlers.get(incoming.event.type) ?? []) {
      await handler(incoming.event as never, context);
    }
    return true;
  }
  test?.attach(dispatchIn);

  /**
   * What the provider says now, handed to the same handlers as its event would be (ADR 091,
   * "Reconciliation"). The id is ours and deterministic per state, so asking again is a replay; the
   * provider's own event arriving later has another id, and the handlers, idempotent by state, then
   * find nothing left to do.
   */
  async function dispatchObserved(id: string, rawType: string, event: PaymentEvent): Promise<boolean> {
    const incoming: ProviderEvent = { id, provider: provider.kind, rawType, event };
    return db.transaction().execute((trx) => dispatchIn(trx, incoming));
  }

  function onEvent<T extends PaymentEventType>(type: T, handler: EventHandler<T>): void {
    const list = handlers.get(type) ?? [];
    list.push(handler as unknown as EventHandler<PaymentEventType>);
    handlers.set(type, list);
  }

  // Account updates keep the host's profile current (the banner, and later the publish rule).
  onEvent('account.updated', async (event, { trx }) => {
    await deps.directory.setStripeConnected(event.accountId, isConnected(event), trx);
  });

  /** Turns a provider failure into a 502 the caller can show; genuine bugs stay 500s. */
  async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        deps.log.error({ err: error }, 'payment provider call failed');
        throw new AppError(
          'payment_provider_error',
          'The payment provider could not complete this. Please try again.',
        );
      }
      throw error;
    }
  }

  function assertCents(amountCents: number, field: string) {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      throw new AppError('validation_error', `${field} must be a positive whole number of cents.`, [
        { field, message: 'must be a positive whole number of cents' },
      ]);
    }
  }

  /** The test provider's ids say so; an id from the other provider cannot be looked up here. */
  const ownsAccount = (accountId: string) =>
    accountId.startsWith('acct_test_') === (provider.kind === 'test');

  /**
   * Both come back to /stripe-connect, which reads the account's state (the profile follows even
   * before the webhook) and then forwards to where onboarding was started (ADR 117). The target
   * was checked against the allow-list before it is written into the provider's URLs.
   */
  function connectUrls(returnTo: string | undefined) {
    const back = returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : '';
    return {
      refreshUrl: `${config.appUrl}/stripe-connect?refresh=1${back}`,
      returnUrl: `${config.appUrl}/stripe-connect?return=1${back}`,
    };
  }

  return {
    kind: provider.kind,
    onEvent,

    async createCheckout(input: CheckoutInput) {
      assertCents(input.amountCents, 'amountCents');
      return viaProvider(() => provider.createCheckout(input));
    },
    expireCheckout: (sessionId: string) => viaProvider(() => provider.expireCheckout(sessionId)),
    async refund(input: RefundInput) {
      assertCents(input.amountCents, 'amountCents');
      return viaProvider(() => provider.refund(input));
    },

    /**
     * Asks the provider how a checkout stands and, when it is paid or expired, dispatches that as
     * `checkout.completed` / `checkout.expired` through the webhook's own path: for an event that is
     * late or lost. Throws PaymentProviderError when the provider cannot say.
     */
    async reconcileCheckout(sessionId: string): Promise<CheckoutState> {
      const state = await provider.retrieveCheckout(sessionId);
      const reference = state.reference;
      if (reference && state.paid && state.paymentIntentId) {
        await dispatchObserved(`reconciled_${sessionId}_completed`, 'checkout.session.completed', {
          type: 'checkout.completed',
          sessionId,
          reference,
          paymentIntentId: state.paymentIntentId,
          amountCents: state.amountCents,
        });
      } else if (reference && state.status === 'expired') {
        await dispatchObserved(`reconciled_${sessionId}_expired`, 'checkout.session.expired', {
          type: 'checkout.expired',
          sessionId,
          reference,
        });
      }
      return state;
    },

    /** The same for a refund: its state now, dispatched as `refund.updated`. */
    async reconcileRefund(refundId: string): Promise<RefundState> {
      const state = await provider.retrieveRefund(refundId);
      await dispatchObserved(`reconciled_${refundId}_${state.status}`, 'refund.updated', {
        type: 'refund.updated',
        ...state,
      });
      return state;
    },
    async transfer(input: {
      accountId: string;
      amountCents: number;
      idempotencyKey: string;
      reference: string;
    }) {
      assertCents(input.amountCents, 'amountCents');
      return viaProvider(() => provider.transfer(input));
    },

    /**
     * A payout's transfer, told apart three ways (ADR 129): `sent` (the provider holds a transfer
     * for this key, made now or before), `refused` (it answered no: nothing moved), `unknown`
     * (unreachable or unclear: retry with the same key, never a new one).
     */
    async sendTransfer(input: {
      accountId: string;
      amountCents: number;
      idempotencyKey: string;
      reference: string;
    }): Promise<{ status: 'sent'; transferId: string } | { status: 'refused' | 'unknown'; reason: string }> {
      assertCents(input.amountCents, 'amountCents');
      try {
        const { transferId } = await provider.transfer(input);
        return { status: 'sent', transferId };
      } catch (error) {
        if (error instanceof TransferRefusedError) return { status: 'refused', reason: error.message };
        if (error instanceof PaymentProviderError) {
          deps.log.error({ err: error }, 'transfer outcome unknown; it will be resumed with its key');
          return { status: 'unknown', reason: error.message };
        }
        throw error;
      }
    },

    /** Stripe's webhook: verify the raw body, then the shared dispatch. */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      let incoming: ProviderEvent;
      try {
        incoming = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError(
            'webhook_signature_invalid',
            `The webhook signature did not verify: ${error.message}`,
          );
        }
        throw error;
      }
      const fresh = await db.transaction().execute((trx) => dispatchIn(trx, incoming));
      return { duplicate: !fresh };
    },

    /** The test provider's pages; null in Stripe mode (its routes then answer 404). */
    test,

    /**
     * Starts or resumes onboarding: links an account if there is none and returns where to go.
     * `returnTo` is where the host comes back to afterwards; checked here too, not only by the
     * route's schema, because the page action calls this directly.
     */
    async startConnect(viewer: ConnectViewer, returnTo?: string): Promise<{ url: string }> {
      requireProvider(viewer);
      if (returnTo !== undefined && !isAllowedConnectReturn(returnTo)) {
        throw new AppError('validation_error', 'Onboarding cannot return to that address.', [
          { field: 'return_to', message: 'must be a Privy page onboarding can return to' },
        ]);
      }
      const linked = viewer.profile.stripe_connect_id;
      // An account the other provider made (Stripe keys added after trying test mode, or taken
      // away) cannot be resumed here: a new one replaces it.
      let accountId = linked && ownsAccount(linked) ? linked : null;
      if (!accountId) {
        const created = await viaProvider(() =>
          provider.createConnectAccount({ userId: viewer.userId, email: viewer.email }),
        );
        // Two tabs starting at once: the first account linked wins and both continue with it.
        accountId =
          (await deps.directory.linkStripeAccount(viewer.userId, created.accountId, linked)) ??
          created.accountId;
      }
      const id = accountId;
      return viaProvider(() => provider.createAccountLink({ accountId: id, ...connectUrls(returnTo) }));
    },

    /** Asks the provider how the host's account stands and brings the profile up to date. */
    async connectStatus(viewer: ConnectViewer): Promise<ConnectStatus> {
      requireProvider(viewer);
      const linked = viewer.profile.stripe_connect_id;
      const accountId = linked && ownsAccount(linked) ? linked : null;
      if (!accountId) {
        return {
          provider: provider.kind,
          account_id: null,
          connected: false,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
        };
      }
      const state = await viaProvider(() => provider.retrieveAccount(accountId));
      const connected = isConnected(state);
      if (connected !== viewer.profile.is_stripe_connected) {
        await deps.directory.setStripeConnected(accountId, connected);
      }
      return {
        provider: provider.kind,
        account_id: accountId,
        connected,
        details_submitted: state.detailsSubmitted,
        payouts_enabled: state.payoutsEnabled,
        charges_enabled: state.chargesEnabled,
      };
    },

    /** /test-connect actions: only the host who owns the test account may act on it. */
    async testConnectAccount(viewer: ConnectViewer, accountId: string) {
      requireProvider(viewer);
      const account = test ? await test.findAccount(accountId) : undefined;
      if (!test || !account) throw new AppError('not_found', 'There is no such test account.');
      if (account.user_id !== viewer.userId) {
        throw new AppError('forbidden', 'This onboarding belongs to another host.');
      }
      return {
        view: { id: account.id, details_submitted: account.details_submitted },
        complete: () => test.completeAccount(account.id),
        restrict: () => test.restrictAccount(account.id),
        leave: () => ({ redirectTo: account.return_url ?? `${config.appUrl}/stripe-connect` }),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
