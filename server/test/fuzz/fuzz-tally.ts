import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describeRequest } from './fuzz-requests.ts';

/** Counts what the fuzz test sent and got, and keeps the first few 5xx of each route to show. */

export type Failure = { route: string; actor: string; request: string; status: number; body: string };

const FAILURES_SHOWN_PER_ROUTE = 3;

export class FuzzTally {
  requests = 0;
  readonly byStatusClass = new Map<string, number>();
  readonly byGroup = new Map<string, number>();
  readonly serverErrorsByRoute = new Map<string, number>();
  readonly failures: Failure[] = [];

  record(
    route: string,
    actor: string,
    group: string,
    options: InjectOptions,
    response: Pick<LightMyRequestResponse, 'statusCode' | 'body'>,
  ) {
    this.requests++;
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    this.byStatusClass.set(statusClass, (this.byStatusClass.get(statusClass) ?? 0) + 1);
    this.byGroup.set(group, (this.byGroup.get(group) ?? 0) + 1);
    if (response.statusCode < 500) return;
    const seen = this.serverErrorsByRoute.get(route) ?? 0;
    this.serverErrorsByRoute.set(route, seen + 1);
    if (seen < FAILURES_SHOWN_PER_ROUTE) {
      this.failures.push({
        route,
        actor,
        request: describeRequest(options),
        status: response.statusCode,
        body: response.body.slice(0, 200),
      });
    }
  }

  get serverErrors(): number {
    return [...this.serverErrorsByRoute.values()].reduce((sum, count) => sum + count, 0);
  }

  summary(title: string, routes: number, seconds: number): string {
    const list = (map: Map<string, number>) =>
      [...map]
        .sort()
        .map(([key, count]) => `${key} ${count}`)
        .join(', ');
    const lines = [
      `${title}: ${this.requests} requests to ${routes} routes in ${seconds.toFixed(1)} s; ${this.serverErrors} answered 5xx`,
      `  by kind: ${list(this.byGroup)}`,
      `  by status: ${list(this.byStatusClass)}`,
    ];
    for (const [route, count] of this.serverErrorsByRoute) lines.push(`  5xx ${count}× ${route}`);
    for (const failure of this.failures) {
      lines.push(`  ${failure.status} as ${failure.actor}: ${failure.request}\n      → ${failure.body}`);
    }
    return lines.join('\n');
  }
}
