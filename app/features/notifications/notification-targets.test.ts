import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import {
  notificationActions,
  specNotificationActions,
  UNSERVED_TARGETS,
} from '../../../common/notification-actions.ts';
import { NOTIFICATION_TYPE_NAMES } from '../../../common/notification-types.ts';
import routes from '../../routes.ts';

/** Every route path of the table, as a pattern (`:id` matches one segment; `*` is the 404 page). */
function routePatterns(entries: RouteConfigEntry[], parent = ''): RegExp[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const own =
      (entry.index || entry.path) && !path.includes('*')
        ? [new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`)]
        : [];
    return [...own, ...routePatterns(entry.children ?? [], path)];
  });
}

const patterns = routePatterns(routes);
const served = (to: string) => patterns.some((pattern) => pattern.test(to.split('?')[0] ?? ''));

const META = {
  booking_id: '7d3c8f7e-5f8a-4b8e-9d1e-2a3b4c5d6e7f',
  bathroom_id: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
  user_id: 'u1',
  sender_id: 's1',
};

describe('notification buttons lead to pages that exist', () => {
  it('every shown target is a route of the app', () => {
    for (const type of NOTIFICATION_TYPE_NAMES) {
      for (const meta of [META, {}]) {
        for (const action of notificationActions(type, meta))
          expect(served(action.to), `${type} → ${action.to}`).toBe(true);
      }
    }
  });

  it('the spec targets not served yet are exactly those listed, and none of them exists', () => {
    const missing = new Set<string>();
    for (const type of NOTIFICATION_TYPE_NAMES) {
      for (const action of specNotificationActions(type, META)) {
        if (!served(action.to)) missing.add(action.to.split('?')[0] ?? '');
      }
    }
    // When a page ships, its line in UNSERVED_TARGETS must go, or this fails.
    expect([...missing].sort()).toEqual([...UNSERVED_TARGETS].sort());
  });
});
