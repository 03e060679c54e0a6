import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

export const DEMO_PASSWORD = 'privy-demo-2026';

/** Signs a browser context in through the API (the sign-in form has its own tests). */
export async function signInViaApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/account/sign-in', {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Sends the signed-in user a sample notification of `type` (the /test-notifications API). */
export async function fireTestNotification(
  page: Page,
  type: string,
): Promise<{ id: string; message: string }> {
  const response = await page.request.post('/api/notifications/test', {
    data: { notification_type: type },
    headers: { origin: baseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { notification: { id: string; message: string } }).notification;
}
