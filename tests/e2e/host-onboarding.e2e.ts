import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, type Tab, useBrowser } from './browser.ts';
import { AUSTIN_LOCATION } from './demo-places.ts';
import { holdRequests } from './held-requests.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * Host onboarding without dead ends (ADR 117): a new host's draft, payout onboarding started from
 * its publish step, and back to that step with the earlier steps ticked, then published.
 */

const AUSTIN = AUSTIN_LOCATION;

const EARLIER_STEPS = ['basics', 'address', 'photos', 'hours', 'amenities', 'rules'];

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 150, b: 140 } } })
    .png()
    .toBuffer();
}

/** A member who asked to host and was approved: a host with no payout account, as in real life. */
async function newUnlinkedHost(host: Tab, admin: Tab, prefix: string) {
  await registerFresh(host.page, prefix);
  const asked = await apiCall(host.page, 'POST', '/api/provider-requests', {
    first_name: 'New',
    last_name: 'Host',
    email: `${prefix}@example.com`,
  });
  expect(asked.status).toBe(201);
  const approved = await apiCall(admin.page, 'POST', `/api/admin/provider-requests/${asked.body.id}/approve`);
  expect(approved.status).toBe(200);
}

/** What became of the photo upload: its requests and answers, the page's address and progress bar. */
function watchUploads(page: Tab['page']) {
  const seen: string[] = [];
  const isUpload = (url: string) => /\/api\/properties\/[^/]+\/photos$/.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isUpload(request.url())) seen.push(`sent ${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    if (isUpload(request.url())) seen.push(`failed: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  page.on('response', (response) => {
    if (isUpload(response.url())) seen.push(`answered ${response.status()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(`navigated to ${frame.url()}`);
  });
  return {
    report: async () =>
      [
        `upload requests: ${seen.length ? seen.join('; ') : 'none'}`,
        `page: ${page.url()}`,
        `progress bar shown: ${await page.getByRole('progressbar').isVisible()}`,
        `photo count: ${await page.getByTestId('photo-count').textContent()}`,
      ].join('\n'),
  };
}

const doneSteps = (tab: Tab) =>
  tab.page.locator('[data-step][data-done]').evaluateAll((steps) => steps.map((step) => step.dataset.step));

describe('host onboarding without dead ends', () => {
  const { newTab } = useBrowser();

  for (const width of [390, 1280]) {
    it(`at ${width} px: publish step → link Stripe (test) → Complete → back on the publish step, steps ticked → Publish`, async () => {
      const host = await newTab();
      const admin = await newTab();
      await host.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signIn(admin.page, 'admin@privy.test');
      await newUnlinkedHost(host, admin, `onboard-${width}`);
      const { page } = host;

      // A draft saved with its basics and address, left, then reopened: it starts at Photos.
      const created = await apiCall(page, 'POST', '/api/properties', {
        title: `Quiet washroom ${width}`,
        location: AUSTIN,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      await page.goto(`/manage/add-property?draft=${id}`);
      await page.getByTestId('photo-count').waitFor();
      expect(await doneSteps(host)).toEqual(['basics', 'address']);
      await waitForHydration(page, 'input[type="file"]');
      const uploads = watchUploads(page);
      await page
        .locator('input[type="file"]')
        .setInputFiles([{ name: 'sink.png', mimeType: 'image/png', buffer: await photo() }]);
      // The upload ends in a tile, or in an alert naming the file and why (shown in the failure).
      const uploadError = page.getByRole('alert').filter({ hasText: 'sink.png' });
      await page
        .getByTestId('photo-tile')
        .or(uploadError)
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(async (error: Error) => {
          // Neither (twice on CI, before ADR 151: the choice was dropped): say what the page did.
          throw new Error(`${error.message}\n${await uploads.report()}`);
        });
      expect(await uploadError.allTextContents()).toEqual([]);
      expect(await page.getByTestId('photo-tile').count()).toBe(1);
      await page.getByRole('button', { name: 'Next: hours and price' }).click();
      await page.getByRole('button', { name: 'Next: amenities' }).click();
      await page.getByRole('checkbox', { name: 'Wi-Fi' }).check();
      await page.getByRole('button', { name: 'Next: rules' }).click();
      await page.getByLabel('Access instructions').fill('Ring the bell marked P.');
      await page.getByRole('button', { name: 'Next: review' }).click();

      // The publish step says exactly what is left: the payout account, nothing else.
      const missing = page.getByTestId('publish-missing');
      await missing.waitFor();
      expect(
        await missing.locator('[data-field]').evaluateAll((items) => items.map((i) => i.dataset.field)),
      ).toEqual(['payouts']);
      expect(await missing.textContent()).toContain('Before you can publish: 1 thing left');
      expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
      expect(await doneSteps(host)).toEqual(EARLIER_STEPS);

      await missing.getByRole('link', { name: 'Link your Stripe account' }).click();
      await page.waitForURL(/\/manage\/stripe-connect\?return_to=/);
      await page.getByText('When you finish, you come back to where you were.').waitFor();
      await waitForHydration(page, 'form button[type="submit"]');
      await page.getByRole('button', { name: 'Connect Account' }).click();
      await page.waitForURL(/\/test-connect\/acct_test_[0-9a-f]+$/);
      await page.getByRole('button', { name: 'Complete' }).click();

      // Back on the draft's publish step, earlier steps ticked, nothing missing, no banner.
      await page.waitForURL(
        (url) => `${url.pathname}${url.search}` === `/manage/add-property?draft=${id}&step=publish`,
      );
      await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
      expect(await doneSteps(host)).toEqual(EARLIER_STEPS);
      expect(await page.locator('[data-step="review"]').getAttribute('data-progress')).toBe('true');
      expect(await page.getByTestId('publish-missing').count()).toBe(0);
      expect(await page.getByTestId('stripe-banner').count()).toBe(0);
      await waitForHydration(page, '[data-step="review"]');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.waitForURL(`/manage/properties/${id}`);
      await expect.poll(() => page.getByTestId('status-badge').first().textContent()).toBe('Published');

      // The return target is never taken from outside the allow-list: no open redirect.
      await page.goto('/stripe-connect?return=1&return_to=https%3A%2F%2Fexample.com%2F');
      expect(page.url()).toBe(`${baseUrl()}/stripe-connect?return=1&return_to=https%3A%2F%2Fexample.com%2F`);
      expect(await page.getByTestId('connect-status').textContent()).toContain(
        'Your payout account is linked',
      );
      await page.goto('/stripe-connect?return=1&return_to=%2F%2Fexample.com');
      expect(page.url()).toBe(`${baseUrl()}/stripe-connect?return=1&return_to=%2F%2Fexample.com`);
    });
  }

  it('the banner on My bathrooms brings a new host back to My bathrooms', async () => {
    const host = await newTab();
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await newUnlinkedHost(host, admin, 'onboard-banner');
    const { page } = host;
    await page.goto('/manage/properties');
    const banner = page.getByTestId('stripe-banner');
    await waitForHydration(page, '[data-testid="stripe-banner"] a');
    await banner.getByRole('link', { name: 'Connect Account' }).click();
    await page.waitForURL(
      (url) => `${url.pathname}${url.search}` === '/stripe-connect?return_to=%2Fmanage%2Fproperties',
    );
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: 'Connect Account' }).click();
    await page.waitForURL(/\/test-connect\//);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/manage/properties');
    await page.getByRole('heading', { name: 'My bathrooms' }).waitFor();
    expect(await page.getByTestId('stripe-banner').count()).toBe(0);
  });

  it('an unlinked host’s page answers taps while the payout banner’s code is on its way', async () => {
    // The banner's code loads only for hosts without a payout account. While it downloads, the
    // rest of the page must be live: a photo chosen then used to vanish (CI, at 1280 px). The
    // colour mode switch in the header stands for any control only React acts on.
    const host = await newTab();
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await newUnlinkedHost(host, admin, 'banner-wait');
    const { page } = host;
    const release = await holdRequests(page, /stripe-banner-view-[\w-]+\.js$/);
    await page.goto('/manage/properties');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    const toggle = page.getByTestId('color-mode-toggle');
    const before = await toggle.getAttribute('data-mode');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('data-mode')).not.toBe(before);
    release();
    await waitForHydration(page, '[data-testid="stripe-banner"]');
  });
});
