import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { holdScripts } from './held-requests.ts';
import { waitForHydration } from './session-helpers.ts';

const SUPPORT = 'support@privy.localhost'; // CONTACT_EMAIL's default, which the e2e server uses
// Every browser test comes from 127.0.0.1, which may send five messages in ten minutes
// (CONTACT_RATE_LIMIT): this file sends three, the accessibility and mailbox tests one each.

describe('contact form', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('sends a message, shows a success toast and clears the form', async () => {
    const { page } = await newTab();
    await page.goto('/contact');
    // The form is React's: what is typed before it hydrates is not carried over (ADR 157).
    await waitForHydration(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Rosa Park');
    await form.getByLabel('Email address').fill('rosa@example.com');
    await form.getByLabel('Subject').fill('Hosting a café restroom');
    await form.getByLabel('Message').fill('Hello! I run a café on Elm Street and would like to host.');
    await form.getByRole('button', { name: 'Send message' }).click();

    const toast = page.locator('.mantine-Notification-root', { hasText: 'Message sent' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('rosa@example.com');
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe('');
    expect(await form.getByLabel('Your name').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');

    const outbox = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT)}`)).json();
    expect(outbox.messages.map((m: { subject: string }) => m.subject)).toContain(
      '[Contact] Hosting a café restroom',
    );
  });

  it('shows field errors beside the fields and an error toast, and sends nothing', async () => {
    const tab = await newTab();
    const { page } = tab;
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/email/send')) posted++;
    });
    await page.goto('/contact');
    // The form is React's: what is typed before it hydrates is not carried over (ADR 157).
    await waitForHydration(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.locator('.mantine-Notification-root', { hasText: 'Please check the form' }).waitFor();
    expect(await form.getByText('Please tell us your name.').isVisible()).toBe(true);
    expect(
      await form.getByText('Please enter a valid email address, like name@example.com.').isVisible(),
    ).toBe(true);
    expect(await form.getByText('Please add a subject.').isVisible()).toBe(true);
    expect(await form.getByText('Your message needs at least 10 characters.').isVisible()).toBe(true);
    expect(await form.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    // The first field to fix has the focus.
    expect(await form.getByLabel('Your name').evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    expect(posted).toBe(0);

    // Editing a field clears its error.
    await form.getByLabel('Your name').fill('Rosa');
    await expect.poll(() => form.getByText('Please tell us your name.').count()).toBe(0);
  });

  it("shows the server's message in an error toast when sending fails", async () => {
    const tab = await newTab();
    const { page } = tab;
    const message =
      'You have sent several messages in a short time. Please try again in 9 minutes, or email us directly.';
    await page.route('**/api/email/send', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'rate_limited', message }),
      }),
    );
    await page.goto('/contact');
    // The form is React's: what is typed before it hydrates is not carried over (ADR 157).
    await waitForHydration(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Rosa Park');
    await form.getByLabel('Email address').fill('rosa@example.com');
    await form.getByLabel('Subject').fill('Another question');
    await form.getByLabel('Message').fill('A question I am asking once more.');
    await form.getByRole('button', { name: 'Send message' }).click();

    const toast = page.locator('.mantine-Notification-root', { hasText: 'Your message was not sent' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(message);
    // What was typed stays, so nothing has to be written again.
    expect(await form.getByLabel('Subject').inputValue()).toBe('Another question');
    allowConsoleErrors(tab, /status of 429/);
  });
  it('works as a plain form where scripts never run: errors beside the fields, then "Message sent"', async () => {
    const tab = await newTab({ device: { javaScriptEnabled: false } });
    const { page } = tab;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Rosa Park');
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByLabel('Subject').fill('Hosting without scripts');
    await form.getByLabel('Message').fill('Hello! My phone blocks scripts; can I still host?');
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.getByRole('alert').filter({ hasText: 'Your message was not sent' }).waitFor();
    expect(
      await form.getByText('Please enter a valid email address, like name@example.com.').isVisible(),
    ).toBe(true);
    // What was typed comes back in the fields.
    expect(await form.getByLabel('Subject').inputValue()).toBe('Hosting without scripts');
    await form.getByLabel('Email address').fill('rosa@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();

    const sent = page.getByRole('status').filter({ hasText: 'Message sent' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('rosa@example.com');
    const outbox = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT)}`)).json();
    expect(outbox.messages.map((m: { subject: string }) => m.subject)).toContain(
      '[Contact] Hosting without scripts',
    );
    allowConsoleErrors(tab, /status of 400/);
  });
  it('sent before its scripts arrive, it posts natively; once live, the fixed message is sent by script', async () => {
    const tab = await newTab();
    const { page } = tab;
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Your name').fill('Rosa Park');
    await form.getByLabel('Email address').fill('rosa@example');
    await form.getByLabel('Subject').fill('Sent from a slow phone');
    await form.getByLabel('Message').fill('Sent from a phone that is slow to start scripts.');
    await form.getByRole('button', { name: 'Send message' }).click();
    const refused = form.getByRole('alert').filter({ hasText: 'Your message was not sent' });
    await refused.waitFor();
    expect(
      await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith('__react'))),
    ).toBe(false);

    release();
    await waitForHydration(page, 'form[aria-label="Contact form"]');
    // The live form starts from what the native post kept, so only the wrong field is retyped.
    expect(await form.getByLabel('Subject').inputValue()).toBe('Sent from a slow phone');
    await form.getByLabel('Email address').fill('rosa@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.locator('.mantine-Notification-root', { hasText: 'Message sent' }).waitFor();
    // The native post's answer gives way to the toast of the message that was sent.
    await expect.poll(() => refused.count()).toBe(0);
    const outbox = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT)}`)).json();
    expect(outbox.messages.map((m: { subject: string }) => m.subject)).toContain(
      '[Contact] Sent from a slow phone',
    );
    allowConsoleErrors(tab, /status of 400/);
  });
});
