import type { NotificationItem } from './notifications-api.ts';

/** A notice delivered live, numbered in the order it came. */
export type Arrival = { seq: number; item: NotificationItem };

/** How many live notices a page keeps to reconcile a fetch with: more than any fetch can miss. */
export const ARRIVALS_KEPT = 100;

/**
 * A list fetched while live notices kept coming can have been read before the newest were written,
 * and its answer can land after their events: applied as it came, it would take them out of the
 * list and the badge. The notices that came live since the fetch started (`since`) and are not in
 * its answer go on top, each counted unviewed.
 */
export function withLateArrivals(
  page: { notifications: NotificationItem[]; unviewed: number },
  arrivals: readonly Arrival[],
  since: number,
  limit: number,
): { items: NotificationItem[]; unviewed: number } {
  const listed = new Set(page.notifications.map((item) => item.id));
  const late = arrivals
    .filter((arrival) => arrival.seq > since && !listed.has(arrival.item.id))
    .map((arrival) => arrival.item)
    .reverse();
  return { items: [...late, ...page.notifications].slice(0, limit), unviewed: page.unviewed + late.length };
}
