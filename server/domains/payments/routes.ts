import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutSessionParamsSchema,
  connectAccountParamsSchema,
  connectLinkSchema,
  connectStartSchema,
  connectStatusSchema,
  redirectSchema,
  testCheckoutViewSchema,
  testConnectViewSchema,
} from '../../../common/schemas/payments.ts';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { requireFreshProof } from '../auth/reauthentication.ts';

/** Stripe sends events of a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * The webhook lives in its own plugin so its content-type parser (which keeps the raw bytes the
 * signature covers) applies to this route only; every other route still parses JSON.
 */
async function webhookRoute(app: FastifyInstance, { services }: { services: AppServices }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/payments/webhook',
    {
      // Stripe posts from its own servers; the signature on the body is the credential (ADR 106).
      config: { crossSiteCheck: false },
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: verified on the raw body; each event id is handled once',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      if (services.payments.kind !== 'stripe') {
        throw new AppError('not_found', 'Webhooks are only taken when Stripe is configured.');
      }
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate } = await services.payments.receiveWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const, duplicate };
    },
  );
}

export async function paymentRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  await app.register(webhookRoute, { services });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const viewer = (request: FastifyRequest) => services.auth.requireViewer(toWebHeaders(request));
  const testProvider = () => {
    if (!services.payments.test) {
      throw new AppError('not_found', 'The test payment provider is off: Stripe is configured.');
    }
    return services.payments.test;
  };

  api.get(
    '/api/payments/connect',
    {
      schema: {
        tags,
        summary: 'Your payout account: linked, and whether it can be paid (hosts only)',
        response: { 200: connectStatusSchema },
      },
    },
    async (request) => services.payments.connectStatus(await viewer(request)),
  );

  api.post(
    '/api/payments/connect',
    {
      schema: {
        tags,
        summary:
          'Start or resume payout-account onboarding; answers the URL to open (hosts only). `return_to`: a Privy page to come back to (allow-listed, ADR 117)',
        // A bare POST (no body, as before return_to existed) arrives as null.
        body: connectStartSchema.nullish(),
        response: { 200: connectLinkSchema },
      },
    },
    async (request) => {
      const host = await viewer(request);
      // Replacing a linked payout account is a sensitive change (ADR 144); linking the first is not.
      if (host.profile.is_stripe_connected) await requireFreshProof(services, host);
      return services.payments.startConnect(host, request.body?.return_to);
    },
  );

  api.get(
    '/api/payments/test-checkout/:sessionId',
    {
      schema: {
        tags,
        summary: 'A test-mode checkout session (only without Stripe keys)',
        params: checkoutSessionParamsSchema,
        response: { 200: testCheckoutViewSchema },
      },
    },
    async (request) => testProvider().getCheckout(request.params.sessionId),
  );

  api.post(
    '/api/payments/test-checkout/:sessionId/pay',
    {
      schema: {
        tags,
        summary: 'Pay a test-mode checkout: emits checkout.completed like Stripe’s webhook',
        params: checkoutSessionParamsSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) => testProvider().payCheckout(request.params.sessionId),
  );

  api.post(
    '/api/payments/test-checkout/:sessionId/cancel',
    {
      schema: {
        tags,
        summary: 'Leave a test-mode checkout unpaid (it stays open until it lapses)',
        params: checkoutSessionParamsSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) => testProvider().cancelCheckout(request.params.sessionId),
  );

  api.get(
    '/api/payments/test-connect/:accountId',
    {
      schema: {
        tags,
        summary: 'Your test-mode onboarding (only without Stripe keys)',
        params: connectAccountParamsSchema,
        response: { 200: testConnectViewSchema },
      },
    },
    async (request) => {
      testProvider();
      return (await services.payments.testConnectAccount(await viewer(request), request.params.accountId))
        .view;
    },
  );

  api.post(
    '/api/payments/test-connect/:accountId/restrict',
    {
      schema: {
        tags,
        summary:
          'Test mode: restrict your account as Stripe may (payouts stop); account.updated follows (ADR 129)',
        params: connectAccountParamsSchema,
      },
    },
    async (request, reply) => {
      testProvider();
      const account = await services.payments.testConnectAccount(
        await viewer(request),
        request.params.accountId,
      );
      await account.restrict();
      return reply.status(204).send();
    },
  );

  for (const action of ['complete', 'leave'] as const) {
    api.post(
      `/api/payments/test-connect/:accountId/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'complete'
              ? 'Finish test-mode onboarding: the account can be paid; account.updated follows'
              : 'Leave test-mode onboarding unfinished',
          params: connectAccountParamsSchema,
          response: { 200: redirectSchema },
        },
      },
      async (request) => {
        testProvider();
        const account = await services.payments.testConnectAccount(
          await viewer(request),
          request.params.accountId,
        );
        return action === 'complete' ? account.complete() : account.leave();
      },
    );
  }
}
