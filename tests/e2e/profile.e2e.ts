import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

async function portraitPng(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 230, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

const headerAvatar = (page: Page) => page.getByTestId('avatar-menu').locator('img');

/** The header avatar's image: its URL, and its pixel width once the browser has actually loaded it. */
async function headerAvatarImage(page: Page) {
  const image = headerAvatar(page);
  if ((await image.count()) === 0) return null;
  return image.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute('src'),
    width: img.complete ? img.naturalWidth : 0,
  }));
}

describe('profile details', () => {
  const { newTab } = useBrowser();

  it('gina edits her name and photo; the header avatar shows it and a reload keeps both', async () => {
    const { page } = await newTab();
    await signIn(page, 'gina@privy.test');
    try {
      await page.goto('/profile');
      await waitForHydration(page);
      expect(await page.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
      expect(await headerAvatar(page).count()).toBe(0);

      await page.getByLabel('First name').fill('Georgina');
      await page.getByLabel('Last name').fill('Guestworth');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Name saved').waitFor();

      await page.locator('input[type="file"]').setInputFiles({
        name: 'portrait.png',
        mimeType: 'image/png',
        buffer: await portraitPng(),
      });
      await page.getByText('Photo saved').waitFor();
      await expect
        .poll(() => headerAvatarImage(page))
        .toEqual({
          src: expect.stringMatching(/^\/uploads\/images\/avatar\/[0-9a-f-]{36}@1x\.webp$/),
          width: 256,
        });
      const uploaded = (await headerAvatarImage(page))?.src;
      expect(await page.getByTestId('profile-photo').locator('img').getAttribute('srcset')).toBe(
        `${uploaded} 1x, ${uploaded?.replace('@1x', '@2x')} 2x`,
      );

      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => headerAvatarImage(page)).toEqual({ src: uploaded, width: 256 });
      expect(await page.getByLabel('First name').inputValue()).toBe('Georgina');
      expect(await page.getByLabel('Last name').inputValue()).toBe('Guestworth');
      expect(await headerAvatar(page).getAttribute('alt')).toBe('Georgina Guestworth');

      await page.getByRole('button', { name: 'Remove photo' }).click();
      await page.getByText('Photo removed').waitFor();
      await expect.poll(() => headerAvatar(page).count()).toBe(0);
      expect((await page.request.get(uploaded ?? '')).status()).toBe(404);
    } finally {
      // Leave the shared demo account as the other browser tests expect it.
      await apiCall(page, 'PATCH', '/api/profile', { first_name: 'Gina', last_name: 'Guest', locations: [] });
      await apiCall(page, 'DELETE', '/api/profile/picture');
    }
  });

  it('refuses a file that is not an image, without uploading it', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'photo');
    await page.goto('/profile');
    await waitForHydration(page);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByRole('alert').filter({ hasText: 'Please choose a JPEG, PNG or WebP image.' }).waitFor();
    expect((await apiCall(page, 'GET', '/api/profile')).body.profile_picture_url).toBeNull();
  });

  it('adds, reorders, edits and removes saved addresses', async () => {
    const { page, context } = await newTab();
    await registerFresh(page, 'addresses');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
    await page.goto('/profile');
    await waitForHydration(page);
    await page.getByText('No saved addresses yet').waitFor();

    // First address: coordinates from the browser.
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByText('Enter the street address.').waitFor();
    await dialog.getByLabel('Street address').fill('500 Congress Ave');
    await dialog.getByLabel('City or town').fill('Austin');
    await dialog.getByLabel('State or region').fill('TX');
    await dialog.getByLabel('Postcode').fill('78701');
    await dialog.getByLabel('Country').fill('United States');
    await dialog.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => dialog.getByLabel('Latitude').inputValue()).toBe('30.267200');
    expect(await dialog.getByLabel('Longitude').inputValue()).toBe('-97.743100');
    expect(await dialog.getByTestId('address-preview').textContent()).toBe(
      '500 Congress Ave, Austin, TX 78701, United States',
    );
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await page.getByText('It is now your default address.').waitFor();

    // Second address: typed coordinates, with an out-of-range one corrected first.
    await page.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByLabel('Street address').fill('1 Centre St');
    await dialog.getByLabel('City or town').fill('New York');
    await dialog.getByLabel('Country').fill('United States');
    await dialog.getByLabel('Latitude').fill('140.7');
    await dialog.getByLabel('Longitude').fill('-74.006');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByText('Invalid coordinates provided.').waitFor();
    await dialog.getByLabel('Latitude').fill('40.7128');
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const rows = page.getByTestId('saved-address');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(1).getByRole('button', { name: 'Make default' }).click();
    await page.getByText('Default address changed').waitFor();
    await expect.poll(() => rows.first().textContent()).toMatch(/^1 Centre St\s*Default/);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Edit / })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await edit.getByLabel('Apartment, suite or floor').fill('Suite 200');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect
      .poll(() => rows.nth(1).textContent())
      .toContain('500 Congress Ave, Suite 200, Austin, TX 78701');

    await page.reload();
    await waitForHydration(page);
    const stored = (await apiCall(page, 'GET', '/api/profile')).body.locations as {
      formatted: string;
      lat: number;
    }[];
    expect(stored.map((location) => location.formatted)).toEqual([
      '1 Centre St, New York, United States',
      '500 Congress Ave, Suite 200, Austin, TX 78701, United States',
    ]);
    expect(stored[1]?.lat).toBe(30.2672);

    await rows
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await page.getByText('Address removed').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toMatch(/500 Congress Ave\s*Default/);
  });

  it('shows email verification state and resends the link', async () => {
    const { page } = await newTab();
    const { email } = await registerFresh(page, 'verify');
    await page.goto('/profile');
    await waitForHydration(page);
    const row = page.getByTestId('contact-email');
    expect(await row.textContent()).toContain(email);
    expect(await row.textContent()).toContain('Not verified');
    await row.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText(`We sent a new verification link to ${email}.`).waitFor();
    expect(await page.getByTestId('contact-phone').textContent()).toContain('No phone number');
  });
});
