import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import { countHits, deleteExpiredBudgets, readBudget } from './repository.ts';

type Budget = { current: number; ttl: number };
type Done = (error: Error | null, budget?: Budget) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

/**
 * Request budgets (@fastify/rate-limit) kept in the database instead of each process's memory, so
 * several server processes behind one address enforce one limit (ADR 111). The plugin builds one
 * store and asks it for a child per rate-limited route; each child counts under its route's name.
 */
export function createRateLimitService(db: Db) {
  // The hits of one loop turn are counted in one statement: a busy chat sends hundreds of
  // rate-limited requests a second (docs/PERFORMANCE.md, Chat). A failed count fails only its hits.
  const hits = new DataLoader<{ key: string; windowMs: number }, { hits: number; ttlMs: number }>(
    async (asked) => countHits(db, [...asked]).catch((error: Error) => asked.map(() => error)),
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  const answer = (promise: Promise<{ hits: number; ttlMs: number }>, done: Done) => {
    promise.then(
      ({ hits, ttlMs }) => done(null, { current: hits, ttl: ttlMs }),
      (error: Error) => done(error),
    );
  };

  class DatabaseRateLimitStore {
    private readonly scope: string;

    // Typed loosely on purpose: the plugin passes its merged settings (with `routeInfo`), which its
    // own type declarations describe as route options.
    constructor(settings: object = {}) {
      const params = settings as RouteParams;
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      this.scope = params.groupId ?? `${method} ${params.routeInfo?.url ?? ''}`;
    }

    incr(key: string, done: Done, timeWindow: number): void {
      answer(hits.load({ key: `${this.scope}|${key}`, windowMs: timeWindow }), done);
    }

    read(key: string, done: Done): void {
      answer(readBudget(db, `${this.scope}|${key}`), done);
    }

    child(settings: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(settings);
    }
  }

  return {
    /**
     * Counts one hit against a route's budget from outside the HTTP plugin (a request over the
     * realtime socket, ADR 149): `scope` is the route's "METHOD /url", so both paths share a budget.
     */
    hit: (scope: string, key: string, windowMs: number) => hits.load({ key: `${scope}|${key}`, windowMs }),
    /** The store class @fastify/rate-limit takes as `store`. */
    Store: DatabaseRateLimitStore,
    /** Deletes budgets whose window has ended (a periodic job); returns how many. */
    prune: () => deleteExpiredBudgets(db),
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
