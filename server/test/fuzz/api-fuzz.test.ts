import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeWithApp } from '../harness.ts';
import {
  describeRequest,
  hintName,
  injectOptions,
  requestArbitrary,
  seededRequests,
  sweepRequests,
} from './fuzz-requests.ts';
import { ACTOR_NAMES, addressFor, buildFuzzScene } from './fuzz-scene.ts';
import { FuzzTally } from './fuzz-tally.ts';
import {
  inFuzzOrder,
  label,
  type Operation,
  operationsFromBetterAuth,
  operationsFromOpenApi,
} from './operations.ts';

/**
 * No input answers 5xx (ADR 104). Every route of the OpenAPI document, and every better-auth
 * endpoint under /api/auth, gets requests generated from its own schemas — valid, at the edges,
 * hostile — as an anonymous visitor, a guest, a host and an admin. A 5xx is a bug: bad input is
 * the client's mistake (4xx), and the server's own failures must not be reachable from outside.
 *
 * FUZZ_RUNS sets the random requests per route and actor (default 3, about 4,500 requests in all
 * with the sweep); FUZZ_SEED the seed (default 104, so CI sends the same requests every run).
 * `FUZZ_RUNS=200 npm test -- server/test/fuzz` is the long run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
/**
 * FUZZ_ROUTES=/api/bookings fuzzes only the routes whose path contains it; FUZZ_VERBOSE=1 times each
 * route, 2 prints every request.
 */
const ROUTE_FILTER = process.env.FUZZ_ROUTES ?? '';
const VERBOSE = Number(process.env.FUZZ_VERBOSE ?? 0);
const SEED = Number(process.env.FUZZ_SEED ?? 104);
const TIMEOUT_MS = 240_000 + RUNS * 60_000;

/**
 * A 400 for the input itself: our schemas' validation_error or malformed_json, or the better-auth
 * guard's codes. Both come before any handler looks at the caller, so the admin would get the same.
 */
function refusedForItsInput(response: { statusCode: number; body: string }): boolean {
  if (response.statusCode !== 400) return false;
  try {
    const body = JSON.parse(response.body) as { error?: string; code?: string };
    return (
      body.error === 'validation_error' ||
      body.error === 'malformed_json' ||
      ['INVALID_CHARACTERS', 'INVALID_BODY', 'INVALID_URL'].includes(body.code ?? '')
    );
  } catch {
    return false;
  }
}

function allOperations(ctx: Parameters<Parameters<typeof describeWithApp>[1]>[0]): Operation[] {
  const { app, services } = ctx();
  const document = app.swagger() as OpenAPIV3.Document;
  const betterAuthApi = services.betterAuth.api as unknown as Record<string, unknown>;
  const operations = [...operationsFromOpenApi(document), ...operationsFromBetterAuth(betterAuthApi)];
  return inFuzzOrder(operations.filter((operation) => operation.path.includes(ROUTE_FILTER)));
}

describeWithApp('generated requests to every route', (ctx) => {
  // better-auth logs every request it refuses (thousands here); the report below lists every 5xx.
  beforeEach(() => {
    for (const method of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it(
    'answers none of them with a 5xx',
    async () => {
      const scene = await buildFuzzScene(ctx);
      const operations = allOperations(ctx);
      const tally = new FuzzTally();
      const started = performance.now();
      let sequence = 0;
      for (const [index, operation] of operations.entries()) {
        const route = label(operation);
        const send = async (
          actor: (typeof ACTOR_NAMES)[number],
          group: string,
          request: Parameters<typeof injectOptions>[1],
        ) => {
          const options = injectOptions(operation, request, scene.headersOf(actor), addressFor(++sequence));
          if (VERBOSE > 1) console.info(actor, describeRequest(options));
          const response = await ctx().app.inject(options);
          tally.record(route, actor, group, options, response);
          return response;
        };
        // Every field meets every sweep value once. Anonymous first: most are refused for the input
        // itself, before anyone is asked who they are. The rest again as the admin (a host too, so
        // the fewest handlers stop at "not yours" before the input has been used).
        for (const request of sweepRequests(operation, scene.hints)) {
          if (!refusedForItsInput(await send('anonymous', 'sweep', request)))
            await send('admin', 'sweep', request);
        }
        const arbitrary = requestArbitrary(operation, scene.hints);
        for (const [actorIndex, actor] of ACTOR_NAMES.entries()) {
          const seed = SEED + index * ACTOR_NAMES.length + actorIndex;
          for (const request of fc.sample(arbitrary, { numRuns: RUNS, seed }))
            await send(actor, request.mode, request);
        }
        await scene.repair();
        if (VERBOSE)
          console.info(`${((performance.now() - started) / 1000).toFixed(1)} s ${route}: ${tally.requests}`);
      }
      const seconds = (performance.now() - started) / 1000;
      const summary = tally.summary(
        `API fuzz (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`,
        operations.length,
        seconds,
      );
      console.info(summary);
      expect(tally.serverErrors, summary).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'reaches past the 404 with the ids of real rows in path parameters',
    async () => {
      const scene = await buildFuzzScene(ctx);
      const seeded = allOperations(ctx).filter((operation) => {
        const names = Object.keys(operation.params.properties ?? {});
        return (
          names.length > 0 &&
          names.every((name) => scene.hints.idsFor(hintName(operation.path, name)).length > 0)
        );
      });
      expect(seeded.length).toBeGreaterThan(20);
      const tally = new FuzzTally();
      const started = performance.now();
      const answered = new Map<string, Set<number>>();
      let sequence = 0;
      for (const operation of seeded) {
        const route = label(operation);
        for (const request of seededRequests(operation, scene.hints)) {
          for (const actor of ACTOR_NAMES) {
            const options = injectOptions(operation, request, scene.headersOf(actor), addressFor(++sequence));
            const response = await ctx().app.inject(options);
            tally.record(route, actor, 'seeded', options, response);
            answered.set(route, (answered.get(route) ?? new Set()).add(response.statusCode));
          }
        }
        await scene.repair();
      }
      const summary = tally.summary(
        'Seeded path parameters',
        seeded.length,
        (performance.now() - started) / 1000,
      );
      console.info(summary);
      expect(tally.serverErrors, summary).toBe(0);
      const onlyNotFound = [...answered].filter(([, statuses]) => statuses.size === 1 && statuses.has(404));
      expect(onlyNotFound.map(([route]) => route)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
