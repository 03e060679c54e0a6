import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { holdRequests, holdScripts } from './held-requests.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/**
 * On a slow phone the search page is on screen well before its JavaScript: what a guest types, picks
 * or taps in that time must survive hydration and the swap to the live fields
 * (app/ui/use-early-input.ts). Here the page's scripts are held back until the test lets them go.
 */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  const release = await holdScripts(page);
  // Module scripts hold back DOMContentLoaded, so wait only for the server's HTML.
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

describe('typing before the page is live', () => {
  const { newTab } = useBrowser();

  it('keeps the place typed before hydration, searches it, and keeps the focus for more typing', async () => {
    const { page } = await newTab();
    const release = await openWithScriptsHeld(page, '/bathrooms');
    const where = page.getByRole('combobox', { name: 'Where' });
    await where.pressSequentially('aus');
    expect(
      await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith('__react'))),
    ).toBe(false);
    release();
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    // The live field arrives with what was typed, asks for suggestions, and has the focus.
    await page
      .getByRole('option', { name: /Austin, TX/ })
      .first()
      .waitFor();
    expect(await where.inputValue()).toBe('aus');
    await page.keyboard.type('tin');
    await expect.poll(() => where.inputValue()).toBe('austin');
    await page.getByRole('option', { name: 'Austin, TX, United States' }).waitFor();
  });

  it('keeps a date picked before hydration when the rest of the form changes', async () => {
    const { page } = await newTab();
    const release = await openWithScriptsHeld(page, '/bathrooms');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date', { exact: true }).fill(day);
    release();
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    const where = page.getByRole('combobox', { name: 'Where' });
    await where.fill('Austin');
    await page.getByRole('option', { name: 'Austin, TX, United States' }).click();
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === day);
  });

  it('keeps a length tapped before hydration on a listing', async () => {
    const { page } = await newTab();
    const search = await page.request.get('/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25');
    const { results } = (await search.json()) as { results: { id: string }[] };
    const listing = results[0];
    if (!listing) throw new Error('the demo seed should list bathrooms near Austin');
    const release = await openWithScriptsHeld(page, `/bathrooms/${listing.id}`);
    const lengths = page.getByRole('radiogroup', { name: 'How long' }).getByRole('radio');
    await lengths.first().waitFor({ state: 'attached' });
    const states = await lengths.evaluateAll((radios) =>
      radios.map((radio) => ({
        id: radio.id,
        value: (radio as HTMLInputElement).value,
        on: (radio as HTMLInputElement).checked,
      })),
    );
    const other = states.find((state) => !state.on);
    if (!other) throw new Error('a demo bathroom offers more than one length');
    await page.locator(`label[for="${other.id}"]`).click();
    release();
    await page.waitForURL((url) => url.searchParams.get('duration') === other.value);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    await expect
      .poll(() =>
        page
          .getByRole('radiogroup', { name: 'How long' })
          .getByRole('radio', { checked: true })
          .getAttribute('value'),
      )
      .toBe(other.value);
  });

  it('a select reached before its turn goes live at once, and does not take back a focus that moved on', async () => {
    // The page hydrates, but the code its live parts load afterwards is held (a slow network): the
    // guest tabs through Within to Date. When the code arrives, Within becomes Mantine's Select, and
    // Date keeps the focus.
    const { page } = await newTab();
    const path = '/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';
    const html = await (await page.request.get(path)).text();
    const firstLoad = new Set(
      [...html.matchAll(/(?:href|src)="([^"]+\.js)"|import\s*(?:[^"']*from\s*)?"([^"]+\.js)"/g)].map(
        (match) => new URL((match[1] ?? match[2]) as string, baseUrl()).pathname,
      ),
    );
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?|$)/, async (route) => {
      if (!firstLoad.has(new URL(route.request().url()).pathname)) await released;
      await route.continue();
    });
    await page.goto(path);
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    const standIn = await page.getByRole('combobox', { name: 'Within' }).elementHandle();
    if (!standIn) throw new Error('the Within select should be on the page');
    const stillStandIn = () => standIn.evaluate((element) => element.isConnected);
    const focusedType = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? null);
    await standIn.focus();
    await page.keyboard.press('Tab');
    expect(await focusedType()).toBe('date');
    expect(await stillStandIn()).toBe(true);
    release();
    await expect.poll(stillStandIn).toBe(false);
    expect(await focusedType()).toBe('date');
    // A tap on the live select opens its list.
    await page.getByRole('combobox', { name: 'Within' }).click();
    await page.getByRole('option', { name: '10 miles' }).waitFor();
  });
  it('the place field keeps a focus that arrives while React draws the live field', async () => {
    // The guest taps in just as the place field goes live: React has begun drawing the live field
    // (a transition, which yields to the browser between components) and not yet put it on screen.
    // The live field must arrive with the focus, or the letters typed next go nowhere (CI caught
    // this on the home page, between Playwright's focus and its typing). The timing is set up
    // exactly: the field's code is held back; when it runs, a tap is queued behind React's first
    // slice of work, on the same queue (MessageChannel) React's scheduler uses, on a slowed CPU.
    const { page, context } = await newTab();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const addressCodeAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(/address-autocomplete-[\w-]+\.js$/, async (route) => {
      asked();
      await released;
      const response = await route.fetch();
      const code = `${await response.text()}\ndispatchEvent(new Event('privy-test:address-code'));\n`;
      await route.fulfill({ response, body: code });
    });
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    await addressCodeAsked;
    // The parts after it have had their turns (use-live.ts): only the place field is still waiting.
    const within = await page.getByRole('combobox', { name: 'Within' }).elementHandle();
    await expect.poll(() => within?.evaluate((element) => element.isConnected)).toBe(false);
    const standIn = await page.getByRole('combobox', { name: 'Where are you?' }).elementHandle();
    if (!standIn) throw new Error('the place field should be on the page');
    await standIn.evaluate((input) => {
      addEventListener('privy-test:address-code', () => {
        // The code's promise settles after this; React then queues its render on a MessageChannel.
        // Three hops on it put the tap behind React's first slice of work.
        const channel = new MessageChannel();
        let hops = 3;
        channel.port1.onmessage = () => {
          hops -= 1;
          if (hops > 0) channel.port2.postMessage(hops);
          else (input as HTMLInputElement).focus();
        };
        channel.port2.postMessage(hops);
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    release();
    await expect.poll(() => standIn.evaluate((element) => element.isConnected)).toBe(false);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const where = page.getByRole('combobox', { name: 'Where are you?' });
    expect(await where.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Austin');
    await page.getByRole('option', { name: 'Austin, TX, United States' }).waitFor();
  });

  it('a signed-in page answers taps while the account menu’s code is still on its way', async () => {
    // The header's account menu and notification bell load lazily for a signed-in viewer. While
    // their code downloads, the rest of the page must already be live: a tap made then is handled,
    // not dropped (CI saw a host's photo choice vanish this way). The colour mode switch sits
    // beside the menu in the header; only React acts on its tap.
    const { page } = await newTab();
    await signIn(page, 'gina@privy.test');
    const release = await holdRequests(page, /account-actions-[\w-]+\.js$/);
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    const toggle = page.getByTestId('color-mode-toggle');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    const before = await toggle.getAttribute('data-mode');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('data-mode')).not.toBe(before);
    // Its own code arrives later, and the menu goes live then.
    release();
    await waitForHydration(page, '[data-testid="avatar-menu"]');
  });
});
