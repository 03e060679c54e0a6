import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';

describe('dev mailbox', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('lists a message, opens it, shows both versions and follows a link from the text', async () => {
    const { page } = await newTab();
    const subject = `Mailbox check ${Date.now()}`;
    const sent = await page.request.post('/api/email/send', {
      headers: { origin: baseUrl() },
      data: {
        name: 'Mailbox Tester',
        email: 'tester@example.com',
        subject,
        body: `Please look at ${baseUrl()}/how-it-works when you can.`,
      },
    });
    expect(sent.status()).toBe(200);

    await page.goto('/dev/mailbox');
    expect(await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).isVisible()).toBe(true);
    const row = page.getByTestId('outbox-row').filter({ hasText: subject });
    expect(await row.textContent()).toContain('support@privy.localhost');
    expect(await row.textContent()).toContain('Email');
    // Newest first.
    expect(await page.getByTestId('outbox-row').first().textContent()).toContain(subject);

    await row.getByRole('link', { name: `[Contact] ${subject}` }).click();
    await page.getByRole('heading', { level: 1, name: `[Contact] ${subject}` }).waitFor();
    expect(await page.getByTestId('message-to').textContent()).toBe('support@privy.localhost');

    const frame = page.frameLocator('iframe[title^="HTML version"]');
    await frame.getByText('From: Mailbox Tester <tester@example.com>').waitFor();
    expect(await page.locator('iframe[title^="HTML version"]').getAttribute('sandbox')).toBe(
      'allow-popups allow-popups-to-escape-sandbox',
    );

    const text = page.getByTestId('message-text');
    expect(await text.textContent()).toContain('Reply to this email to answer Mailbox Tester');
    await text.getByRole('link', { name: `${baseUrl()}/how-it-works` }).click();
    await page.getByRole('heading', { level: 1, name: 'From “I need one” to an open door' }).waitFor();
  });

  it('answers 404 for a message that does not exist', async () => {
    const tab = await newTab();
    const response = await tab.page.goto('/dev/mailbox/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    expect(await tab.page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    allowConsoleErrors(tab, /status of 404/);
  });
});
