import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, pickPlace, registerFresh, waitForHydration } from './session-helpers.ts';

/**
 * Spec §4 "Default address" on the home page: the signed-in user's first saved location; otherwise,
 * after 3.5 s, the browser's position reverse-geocoded; failures show the §8 toasts for 5 s.
 */
describe('default address on the home page', () => {
  const { newTab } = useBrowser();
  const whereBox = 'Where are you?';

  it("fills in the browser's position, named, for a visitor who allows it", async () => {
    const { page, context } = await newTab();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 37.7793, longitude: -122.4193 });
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    const where = page.getByRole('combobox', { name: whereBox });
    // Not at once: the visitor gets 3.5 s to type an address of their own first.
    expect(await where.inputValue()).toBe('');
    await expect.poll(() => where.inputValue(), { timeout: 10_000 }).toBe('San Francisco, CA, United States');
  });

  it('never overwrites an address the visitor started typing', async () => {
    const { page, context } = await newTab();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 37.7793, longitude: -122.4193 });
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    const where = page.getByRole('combobox', { name: whereBox });
    await pickPlace(page, whereBox, 'Austin', /Austin, TX/);
    await page.waitForTimeout(4_500);
    expect(await where.inputValue()).toBe('Austin, TX, United States');
  });

  it('shows "Location Error: Could not set location automatically." when the position is refused', async () => {
    const { page, context } = await newTab();
    await context.clearPermissions();
    await page.goto('/');
    const toast = page.getByRole('alert').filter({ hasText: 'Location Error' });
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Could not set location automatically.');
    expect(await page.getByRole('combobox', { name: whereBox }).inputValue()).toBe('');
    // §9: location toasts close themselves after 5 s.
    await toast.waitFor({ state: 'detached', timeout: 8_000 });
  });

  it('shows "Geolocation is not supported." in a browser without geolocation', async () => {
    const { page, context } = await newTab();
    await context.addInitScript(() => {
      // The property must be absent, as in a browser without geolocation.
      delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
    });
    await page.goto('/');
    const toast = page.getByRole('alert').filter({ hasText: 'Location Error' });
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Geolocation is not supported.');
  });

  it("starts from a signed-in member's first saved address without asking for the position", async () => {
    const { page, context } = await newTab();
    await registerFresh(page, 'default-address');
    const saved = await apiCall(page, 'PATCH', '/api/profile', {
      locations: [
        {
          lat: 41.8781,
          lon: -87.6298,
          formatted: '233 S Wacker Dr, Chicago, IL 60606, United States',
          name: 'Chicago',
          state_code: 'IL',
          country_code: 'US',
        },
        { lat: 30.2672, lon: -97.7431, formatted: '500 Congress Ave, Austin, TX, United States' },
      ],
    });
    expect(saved.status).toBe(200);
    // A position is on offer, but the saved address wins and is never replaced by it.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 37.7793, longitude: -122.4193 });
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    const where = page.getByRole('combobox', { name: whereBox });
    await expect
      .poll(() => where.inputValue(), { timeout: 10_000 })
      .toBe('233 S Wacker Dr, Chicago, IL 60606, United States');
    await page.waitForTimeout(4_500);
    expect(await where.inputValue()).toBe('233 S Wacker Dr, Chicago, IL 60606, United States');
  });
});
