import { describe, expect, it } from 'vitest';
import { type Arrival, withLateArrivals } from './late-arrivals.ts';
import type { NotificationItem } from './notifications-api.ts';

const item = (id: string) => ({ id }) as NotificationItem;
const arrivals: Arrival[] = [
  { seq: 1, item: item('a') },
  { seq: 2, item: item('b') },
  { seq: 3, item: item('c') },
];

describe('withLateArrivals', () => {
  it('puts the notices that came live since the fetch began, and are not in its answer, on top, unviewed', () => {
    const page = { notifications: [item('b'), item('old')], unviewed: 1 };
    expect(withLateArrivals(page, arrivals, 1, 15)).toEqual({
      items: [item('c'), item('b'), item('old')],
      unviewed: 2,
    });
  });

  it('changes nothing when nothing came since, and keeps to the limit', () => {
    const page = { notifications: [item('x'), item('y')], unviewed: 2 };
    expect(withLateArrivals(page, arrivals, 3, 15)).toEqual({ items: page.notifications, unviewed: 2 });
    expect(withLateArrivals(page, arrivals, 0, 2)).toEqual({ items: [item('c'), item('b')], unviewed: 5 });
  });
});
