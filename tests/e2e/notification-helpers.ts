import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './session-helpers.ts';

/** Sends the signed-in user a sample notification of `type` (the /test-notifications API). */
export async function fireTestNotification(
  page: Page,
  type: string,
): Promise<{ id: string; message: string }> {
  const response = await apiCall(page, 'POST', '/api/notifications/test', { notification_type: type });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.notification as { id: string; message: string };
}
