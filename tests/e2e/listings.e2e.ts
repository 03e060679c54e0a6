import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/** A real PNG, different per colour, like a photo from a phone. */
async function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: red, g: 150, b: 140 } } })
    .png()
    .toBuffer();
}

describe('listings', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('a provider lists a bathroom with two photos and hours and publishes it; another provider is refused', async () => {
    const { page } = await newTab();
    await signIn(page, 'paula@privy.test');
    const title = `Sunny washroom ${Date.now().toString(36)}`;

    await page.goto('/manage/add-property');
    await waitForHydration(page, 'form[data-testid="basics-form"]');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A calm, bright bathroom with fresh towels.');
    await page.getByRole('button', { name: 'Next: address' }).click();

    await page.getByPlaceholder('City or town, e.g. Austin, TX').fill('Austin');
    await page
      .getByRole('option', { name: /Austin/ })
      .first()
      .click();
    await page.getByLabel('Street address').fill('501 Congress Ave');
    expect(await page.getByTestId('chosen-address').textContent()).toMatch(/^501 Congress Ave, Austin/);
    // Dragging the pin moves the point to the real entrance.
    const latitude = page.getByRole('textbox', { name: 'Latitude' });
    const before = await latitude.inputValue();
    const pin = page.locator('.privy-pin');
    await pin.waitFor();
    await pin.scrollIntoViewIfNeeded();
    const box = await pin.boundingBox();
    if (!box) throw new Error('the pin has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => latitude.inputValue(), { timeout: 5000 }).not.toBe(before);
    await page.getByRole('button', { name: 'Save draft and continue' }).click();

    // The draft exists now and the URL carries it, so a reload would resume here.
    await page.waitForURL(/\/manage\/add-property\?draft=[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get('draft') as string;
    // The ?draft navigation re-renders the stepper; let its data load settle so the files reach
    // the photo step's live input rather than one being replaced.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('photo-count').waitFor();
    // A file chosen before React hydrates the input fires a change event nobody hears.
    await waitForHydration(page, 'input[type="file"]');
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'sink.png', mimeType: 'image/png', buffer: await png(30) },
      { name: 'mirror.png', mimeType: 'image/png', buffer: await png(200) },
    ]);
    await expect.poll(() => page.getByTestId('photo-tile').count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByTestId('photo-count').textContent()).toBe('2 of 10');
    await page.getByRole('button', { name: 'Next: hours and price' }).click();

    await page.getByLabel('Hourly price (USD)').fill('12.50');
    await page.getByRole('button', { name: 'Remove Sunday 08:00–20:00' }).click();
    await page.getByLabel('Saturday closes').selectOption('16:00');
    await page.getByRole('button', { name: 'Next: amenities' }).click();

    await page.getByRole('checkbox', { name: 'Wi-Fi' }).check();
    await page.getByRole('checkbox', { name: 'Grab bars' }).check();
    await page.getByRole('button', { name: 'Next: rules' }).click();
    await page.getByLabel('Access instructions').fill('Ring the bell marked P.');
    await page.getByRole('button', { name: 'Next: review' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(`/manage/properties/${id}`);
    await expect.poll(() => page.getByTestId('status-badge').first().textContent()).toBe('Published');

    const own = await apiCall(page, 'GET', `/api/properties/${id}`);
    expect(own.body.latitude).not.toBe(Number(before));
    expect(own.body.access_instructions).toBe('Ring the bell marked P.');
    const listing = await apiCall(page, 'GET', `/api/properties/${id}/public`);
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({
      title,
      hourly_price_cents: 1250,
      city: 'Austin',
      amenities: ['wifi'],
    });
    expect((listing.body.photos as unknown[]).length).toBe(2);
    const hours = listing.body.opening_hours as { weekday: number; closes: string }[];
    expect(hours.some((range) => range.weekday === 7)).toBe(false);
    expect(hours.find((range) => range.weekday === 6)?.closes).toBe('16:00');
    expect(JSON.stringify(listing.body)).not.toContain('Ring the bell');

    await page.goto('/manage/properties');
    const card = page.getByTestId('property-card').filter({ hasText: title });
    expect(await card.getByTestId('status-badge').textContent()).toBe('Published');

    const other = await newTab();
    await signIn(other.page, 'hector@privy.test');
    const refused = await other.page.goto(`/manage/properties/${id}`);
    expect(refused?.status()).toBe(403);
    expect(await other.page.getByRole('heading', { name: 'This listing is not yours' }).isVisible()).toBe(
      true,
    );
    expect(await other.page.getByText('Ring the bell').count()).toBe(0);
    allowConsoleErrors(other, /status of 403/);
    const edit = await apiCall(other.page, 'PATCH', `/api/properties/${id}`, { title: 'Taken over' });
    expect(edit.status).toBe(403);
  });
});
