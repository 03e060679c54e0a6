import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import type { PaymentEvent } from './payment-provider.ts';
import type { PaymentService } from './payment-service.ts';

/** The built-in test provider: its checkout drives the same events through the same dispatcher. */

const received = new WeakMap<PaymentService, PaymentEvent[]>();

function seenBy(ctx: () => TestContext): PaymentEvent[] {
  const { payments } = ctx().services;
  let events = received.get(payments);
  if (!events) {
    const list: PaymentEvent[] = [];
    events = list;
    received.set(payments, list);
    for (const type of ['checkout.completed', 'checkout.expired', 'refund.updated'] as const) {
      payments.onEvent(type, async (event) => {
        list.push(event);
      });
    }
  }
  events.length = 0;
  return events;
}

async function checkout(ctx: () => TestContext, overrides: { reference?: string; expiresAt?: Date } = {}) {
  return ctx().services.payments.createCheckout({
    reference: overrides.reference ?? 'booking-1',
    amountCents: 1250,
    currency: 'usd',
    description: 'Bright bathroom near Congress Ave · 15 min',
    customerEmail: 'guest@example.com',
    successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/cancel-booking-payment?booking=booking-1',
    expiresAt: overrides.expiresAt ?? new Date(Date.now() + 15 * 60 * 1000),
  });
}

const events = (ctx: () => TestContext) =>
  ctx()
    .services.db.selectFrom('payment_events')
    .select(['provider', 'type'])
    .orderBy('received_at')
    .execute();

describeWithApp('payments: test provider', (ctx) => {
  it('is the provider when no Stripe keys are set, with its own checkout page', async () => {
    expect(ctx().services.payments.kind).toBe('test');
    const session = await checkout(ctx);
    expect(session.url).toBe(`http://localhost:3000/test-checkout/${session.sessionId}`);
    const view = await new TestAgent(ctx().app).get(`/api/payments/test-checkout/${session.sessionId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id: session.sessionId,
      description: 'Bright bathroom near Congress Ave · 15 min',
      amount_cents: 1250,
      currency: 'usd',
      status: 'open',
    });
  });

  it('Pay emits checkout.completed once through the dispatcher and returns to the success URL', async () => {
    const seen = seenBy(ctx);
    const session = await checkout(ctx);
    const agent = new TestAgent(ctx().app);
    const paid = await agent.post(`/api/payments/test-checkout/${session.sessionId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectTo).toBe(
      `http://localhost:3000/payment-success?session_id=${session.sessionId}`,
    );
    expect(seen).toEqual([
      {
        type: 'checkout.completed',
        sessionId: session.sessionId,
        reference: 'booking-1',
        paymentIntentId: expect.stringMatching(/^pi_test_/),
        amountCents: 1250,
      },
    ]);
    const again = await agent.post(`/api/payments/test-checkout/${session.sessionId}/pay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paid/);
    expect(seen).toHaveLength(1);
    expect(await events(ctx)).toEqual([{ provider: 'test', type: 'checkout.session.completed' }]);
  });

  it('Cancel returns to the cancel URL and leaves the session open', async () => {
    const seen = seenBy(ctx);
    const session = await checkout(ctx);
    const agent = new TestAgent(ctx().app);
    const cancelled = await agent.post(`/api/payments/test-checkout/${session.sessionId}/cancel`);
    expect(cancelled.json()).toEqual({
      redirectTo: 'http://localhost:3000/cancel-booking-payment?booking=booking-1',
    });
    expect((await agent.get(`/api/payments/test-checkout/${session.sessionId}`)).json().status).toBe('open');
    expect(seen).toEqual([]);
  });

  it('expires a session once (our call, or its lapse) and then refuses to take payment', async () => {
    const seen = seenBy(ctx);
    const { payments } = ctx().services;
    const held = await checkout(ctx, { reference: 'booking-held' });
    expect(await payments.expireCheckout(held.sessionId)).toEqual({ expired: true });
    expect(await payments.expireCheckout(held.sessionId)).toEqual({ expired: false });
    const lapsed = await checkout(ctx, {
      reference: 'booking-lapsed',
      expiresAt: new Date(Date.now() - 1000),
    });
    const agent = new TestAgent(ctx().app);
    expect((await agent.get(`/api/payments/test-checkout/${lapsed.sessionId}`)).json().status).toBe(
      'expired',
    );
    const late = await agent.post(`/api/payments/test-checkout/${lapsed.sessionId}/pay`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    expect(await payments.test?.expireLapsed()).toBe(1);
    expect(await payments.test?.expireLapsed()).toBe(0);
    expect(seen).toEqual([
      { type: 'checkout.expired', sessionId: held.sessionId, reference: 'booking-held' },
      { type: 'checkout.expired', sessionId: lapsed.sessionId, reference: 'booking-lapsed' },
    ]);
  });

  it('refunds idempotently, never more than was paid, with refund.updated once per refund', async () => {
    const seen = seenBy(ctx);
    const { payments } = ctx().services;
    const session = await checkout(ctx);
    await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${session.sessionId}/pay`);
    const completed = seen[0] as Extract<PaymentEvent, { type: 'checkout.completed' }>;
    const input = {
      paymentIntentId: completed.paymentIntentId,
      amountCents: 1000,
      idempotencyKey: 'refund:1',
      reference: 'our-refund-1',
    };
    const first = await payments.refund(input);
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_test_/), status: 'succeeded' });
    expect(await payments.refund(input)).toEqual(first);
    await expect(payments.refund({ ...input, amountCents: 900 })).rejects.toMatchObject({
      code: 'payment_provider_error',
      status: 502,
    });
    await expect(
      payments.refund({ ...input, idempotencyKey: 'refund:2', amountCents: 251 }),
    ).rejects.toMatchObject({
      code: 'payment_provider_error',
    });
    await expect(
      payments.refund({ ...input, idempotencyKey: 'refund:3', amountCents: 12.5 }),
    ).rejects.toMatchObject({
      code: 'validation_error',
    });
    const rest = await payments.refund({
      ...input,
      idempotencyKey: 'refund:2',
      amountCents: 250,
      reference: 'our-refund-2',
    });
    expect(rest.refundId).not.toBe(first.refundId);
    expect(seen.filter((event) => event.type === 'refund.updated')).toEqual([
      {
        type: 'refund.updated',
        refundId: first.refundId,
        reference: 'our-refund-1',
        paymentIntentId: completed.paymentIntentId,
        amountCents: 1000,
        status: 'succeeded',
        failureReason: null,
      },
      {
        type: 'refund.updated',
        refundId: rest.refundId,
        reference: 'our-refund-2',
        paymentIntentId: completed.paymentIntentId,
        amountCents: 250,
        status: 'succeeded',
        failureReason: null,
      },
    ]);
    // Asked later, the provider tells the same; the answer goes through the same handlers.
    expect(await payments.reconcileRefund(first.refundId)).toMatchObject({
      refundId: first.refundId,
      reference: 'our-refund-1',
      status: 'succeeded',
    });
    expect(seen.filter((event) => event.type === 'refund.updated')).toHaveLength(3);
    await payments.reconcileRefund(first.refundId);
    expect(seen.filter((event) => event.type === 'refund.updated')).toHaveLength(3);
  });

  it('reconciles a checkout: a paid session is dispatched as checkout.completed once, an open one not at all', async () => {
    const seen = seenBy(ctx);
    const { payments, db } = ctx().services;
    const open = await checkout(ctx, { reference: 'booking-open' });
    expect(await payments.reconcileCheckout(open.sessionId)).toMatchObject({ status: 'open', paid: false });
    expect(seen).toEqual([]);
    // Paid on the provider's side with its event lost: what a crash between the two would leave.
    const paid = await checkout(ctx, { reference: 'booking-paid' });
    await db
      .updateTable('test_checkout_sessions')
      .set({ status: 'complete', payment_intent_id: 'pi_test_lost', completed_at: new Date() })
      .where('id', '=', paid.sessionId)
      .execute();
    const state = await payments.reconcileCheckout(paid.sessionId);
    expect(state).toEqual({
      sessionId: paid.sessionId,
      status: 'complete',
      paid: true,
      reference: 'booking-paid',
      paymentIntentId: 'pi_test_lost',
      amountCents: 1250,
    });
    await payments.reconcileCheckout(paid.sessionId);
    const completion = {
      type: 'checkout.completed',
      sessionId: paid.sessionId,
      reference: 'booking-paid',
      paymentIntentId: 'pi_test_lost',
      amountCents: 1250,
    };
    expect(seen).toEqual([completion]);
    const lapsed = await checkout(ctx, {
      reference: 'booking-lapsed',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await payments.reconcileCheckout(lapsed.sessionId)).toMatchObject({ status: 'expired' });
    expect(seen).toEqual([
      completion,
      { type: 'checkout.expired', sessionId: lapsed.sessionId, reference: 'booking-lapsed' },
    ]);
    await expect(payments.reconcileCheckout('cs_test_nowhere')).rejects.toThrow(/No such checkout.session/);
  });

  it('transfers idempotently to a test account', async () => {
    const { payments } = ctx().services;
    const { accountId } = await (async () => {
      const session = payments.test;
      if (!session) throw new Error('test provider expected');
      return session.provider.createConnectAccount({ userId: 'host-1', email: null });
    })();
    const input = { accountId, amountCents: 4250, idempotencyKey: 'payout:host-1:1', reference: 'payout-1' };
    // Onboarding unfinished: refused, as Stripe refuses an account without transfers enabled.
    expect(await payments.sendTransfer(input)).toEqual({
      status: 'refused',
      reason: `The destination account ${accountId} cannot receive transfers`,
    });
    await payments.test?.completeAccount(accountId);
    const first = await payments.transfer(input);
    expect(first.transferId).toMatch(/^tr_test_/);
    expect(await payments.transfer(input)).toEqual(first);
    await expect(payments.transfer({ ...input, amountCents: 1 })).rejects.toMatchObject({
      code: 'payment_provider_error',
    });
    await expect(payments.transfer({ ...input, accountId: 'acct_test_nobody' })).rejects.toMatchObject({
      code: 'payment_provider_error',
    });
  });

  it('answers 400 naming the field for a malformed session id and 404 for an unknown one', async () => {
    const agent = new TestAgent(ctx().app);
    const bad = await agent.get('/api/payments/test-checkout/has%20space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('sessionId');
    expect((await agent.post('/api/payments/test-checkout/cs_test_missing/pay')).statusCode).toBe(404);
  });
});
