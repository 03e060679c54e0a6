import { describe, expect, it } from 'vitest';
import { goto } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';

/**
 * The place search box (app/features/places/address-autocomplete.tsx) on the search page the
 * SEARCH feature builds (/bathrooms, field "Where"): typo-tolerant suggestions, keyboard choice,
 * and "Use my location" with the browser's position granted or refused.
 */
describe('address autocomplete', () => {
  const { newTab } = useBrowser();

  it('suggests Austin, TX for "austn" and picks it with the keyboard', async () => {
    const { page } = await newTab();
    await goto(page, '/bathrooms');
    const where = page.getByRole('combobox', { name: 'Where' });
    await where.fill('austn');
    const option = page.getByRole('option', { name: 'Austin, TX, United States' });
    await option.waitFor();
    // The best match comes first. Suggestions are the listbox's options, not the time field's.
    const suggestions = page.getByRole('listbox').getByRole('option');
    expect(await suggestions.first().textContent()).toBe('Austin, TX, United States');
    await where.press('ArrowDown');
    await where.press('Enter');
    await expect.poll(() => where.inputValue()).toBe('Austin, TX, United States');
    expect(await suggestions.count()).toBe(0);
  });

  it('says so kindly when nothing matches', async () => {
    const { page } = await newTab();
    await goto(page, '/bathrooms');
    await page.getByRole('combobox', { name: 'Where' }).fill('xqzvw');
    await page.getByText('No places found').first().waitFor();
  });

  it('fills the box from the browser position when allowed', async () => {
    const { page, context } = await newTab();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 37.7793, longitude: -122.4193 });
    await goto(page, '/bathrooms');
    await page.getByRole('button', { name: 'Use my location' }).click();
    const where = page.getByRole('combobox', { name: 'Where' });
    // A failure names what the page showed instead (a Location Error toast says why the lookup failed).
    const shown = async () => {
      const toasts = await page.getByRole('alert').allTextContents();
      const value = await where.inputValue();
      return toasts.length ? `${value} (toasts: ${toasts.join(' | ')})` : value;
    };
    await expect.poll(shown, { timeout: 20_000 }).toBe('San Francisco, CA, United States');
  });

  it('shows the Location Error toast when the position is refused', async () => {
    const { page, context } = await newTab();
    await context.clearPermissions();
    await goto(page, '/bathrooms');
    await page.getByRole('button', { name: 'Use my location' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Location Error' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Could not set location automatically.');
  });
});
