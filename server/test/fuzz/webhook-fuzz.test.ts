import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import Stripe from 'stripe';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeWithApp } from '../harness.ts';
import { type Body, RAW_BODIES, UNDOCUMENTED_BODIES } from './fuzz-requests.ts';
import { FuzzTally } from './fuzz-tally.ts';
import { HOSTILE_STRINGS } from './hostile-values.ts';
import { label, operationsFromOpenApi } from './operations.ts';

/**
 * Routes that answer an outside service rather than a person (Stripe's webhook) still answer 4xx,
 * never 5xx, to what that service would never send: no signature, a wrong one, a signature over
 * other bytes, any body (ADR 104). Runs with Stripe configured, which the main fuzz test is not.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 104);
const WEBHOOK_SECRET = 'whsec_fuzz';
const stripe = new Stripe('sk_test_fuzz');

const payloadOf = (body: Body): string | Buffer =>
  body.kind === 'none' ? '' : body.kind === 'json' ? (JSON.stringify(body.value) ?? 'null') : body.payload;

const signatures = (payload: string | Buffer): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    // A header carries printable ASCII only; the rest would not leave the client.
    fc.constantFrom(
      ...HOSTILE_STRINGS.filter((text) => [...text].every((char) => char >= ' ' && char <= '~')),
    ),
    fc.constantFrom('t=,v1=', 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`),
    // Signed, but over other bytes, or with another secret, or long ago.
    fc.constant(stripe.webhooks.generateTestHeaderString({ payload: `${payload}x`, secret: WEBHOOK_SECRET })),
    fc.constant(
      stripe.webhooks.generateTestHeaderString({ payload: String(payload), secret: 'whsec_other' }),
    ),
    fc.constant(
      stripe.webhooks.generateTestHeaderString({
        payload: String(payload),
        secret: WEBHOOK_SECRET,
        timestamp: 1,
      }),
    ),
  );

describeWithApp(
  'generated requests to the webhook routes, Stripe configured',
  (ctx) => {
    beforeEach(() => {
      for (const method of ['log', 'warn', 'error'] as const)
        vi.spyOn(console, method).mockImplementation(() => {});
    });
    afterEach(() => vi.restoreAllMocks());

    it('answers every unsigned or wrongly signed request with a 4xx', async () => {
      const document = ctx().app.swagger() as OpenAPIV3.Document;
      const webhooks = operationsFromOpenApi(document).filter((operation) =>
        operation.path.endsWith('/webhook'),
      );
      expect(webhooks.length).toBeGreaterThan(0);
      const tally = new FuzzTally();
      const started = performance.now();
      const notClientErrors: string[] = [];
      const bodies = fc.oneof(
        UNDOCUMENTED_BODIES,
        RAW_BODIES,
        fc.jsonValue().map((value): Body => ({ kind: 'json', value })),
      );
      const requests = bodies.chain((body) =>
        signatures(payloadOf(body)).map((signature) => ({ body, signature })),
      );
      for (const operation of webhooks) {
        for (const { body, signature } of fc.sample(requests, { numRuns: 20 * RUNS, seed: SEED })) {
          const options = {
            method: operation.method,
            url: operation.path,
            payload: payloadOf(body),
            headers: {
              ...(body.kind === 'raw'
                ? { 'content-type': body.contentType }
                : { 'content-type': 'application/json' }),
              ...(signature === undefined ? {} : { 'stripe-signature': signature }),
            },
          };
          const response = await ctx().app.inject(options);
          tally.record(label(operation), 'stripe', 'webhook', options, response);
          if (response.statusCode < 400 || response.statusCode >= 500) {
            notClientErrors.push(
              `${response.statusCode} ${signature} ${String(options.payload).slice(0, 80)}`,
            );
          }
        }
      }
      console.info(
        tally.summary(
          'Webhook fuzz (Stripe configured)',
          webhooks.length,
          (performance.now() - started) / 1000,
        ),
      );
      expect(notClientErrors).toEqual([]);
    });
  },
  {
    config: {
      stripe: { secretKey: 'sk_test_fuzz', webhookSecret: WEBHOOK_SECRET, publishableKey: undefined },
    },
  },
);
