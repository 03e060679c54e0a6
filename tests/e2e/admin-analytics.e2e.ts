import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/*
 * /admin/analytics (ADR 138) and /admin/database-setup (ADR 139) as the demo admin: the period
 * changes to 90 days, the charts draw, a chart's CSV downloads for that period; the setup page
 * lists the migrations this build has, applied, with their checksums.
 */
describe('admin analytics and database setup', () => {
  const { newTab } = useBrowser();

  it('an admin changes the period, sees the charts, downloads a CSV and sees the migrations', {
    timeout: process.env.E2E_SCREENSHOTS ? 300_000 : 120_000,
  }, async () => {
    const { page } = await newTab();
    await signIn(page, 'admin@privy.test');
    // A search where Privy has no bathroom (Fairbanks, Alaska): recorded anonymously within seconds.
    const nowhere = await page.request.get('/api/bathrooms/search?lat=64.8378&lng=-147.7164&radius=5');
    expect(nowhere.status()).toBe(200);
    expect((await nowhere.json()).total).toBe(0);
    await page.goto('/admin/analytics');
    await waitForHydration(page, '[data-testid="period-picker"]');
    expect(await page.getByTestId('period-summary').textContent()).toContain('(30 days, UTC)');

    await page.getByTestId('period-picker').locator('label', { hasText: '90 days' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/, { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('period-summary').textContent(), { timeout: 30_000 })
      .toContain('(90 days, UTC)');
    const url = new URL(page.url());
    const from = url.searchParams.get('from') as string;
    const to = url.searchParams.get('to') as string;
    // The lazily loaded charts draw (five per-day charts), and the heat map has its 7×24 cells.
    await expect
      .poll(() => page.locator('.recharts-surface').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('occupancy-grid').getByRole('cell').count()).toBe(7 * 24);
    // The demo's past visits fall in the last 90 days.
    const bookings = (await page.getByTestId('total-bookings').textContent()) ?? '';
    expect(bookings).toMatch(/Bookings\d/);

    // Today's searches are read live: the empty one shows on the map's table once it is written.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByTestId('empty-spots-table')
            .textContent({ timeout: 5_000 })
            .catch(() => '');
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toContain('64.84, -147.72');
    await expect
      .poll(() => page.locator('.recharts-surface').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('csv-bookings-revenue').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`privy-bookings-revenue-${from}-to-${to}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toContain('"Revenue (USD)"');
    expect(lines).toHaveLength(1 + 90);
    expect(lines[1]?.startsWith(`"${from}"`)).toBe(true);

    await shootAll(page, `/admin/analytics?from=${from}&to=${to}`, 'admin-analytics', { fullPage: true });

    await page.goto('/admin/database-setup');
    await waitForHydration(page, '[data-testid="migrations-table"]');
    const table = page.getByTestId('migrations-table');
    await table.getByText('2026-11-29-45-migration-checksums').waitFor();
    expect(await table.locator('tr[data-check="pending"]').count()).toBe(0);
    expect(await table.locator('tr[data-check="changed"]').count()).toBe(0);
    expect(await page.getByTestId('migrations-summary').textContent()).toMatch(/^\d+ applied, 0 pending$/);
    expect(await page.getByTestId('database-kind').textContent()).toMatch(/PGlite|PostgreSQL/);
    await shootAll(page, '/admin/database-setup', 'admin-database-setup', { fullPage: true });
  });
});
