import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/*
 * Listing moderation (ADR 136). The admin finds Owen's listings by filtering, a guest reports one,
 * the admin unpublishes it for that report with a reason (Owen is told live and sees the reason on
 * his listing, without a Publish button), republishes it, features it (it shows on the home page)
 * and takes it off again. Owen's /hi/{id} page shows his bathrooms. Owen is a demo host no other
 * browser test uses; everything is put back as it was.
 */

const REASON = 'The photos show a different bathroom. Please upload photos of this one.';

describe('admin properties', () => {
  const { newTab } = useBrowser();

  it('filters, handles a report by unpublishing with a reason, republishes and features a listing', async () => {
    const owen = await newTab();
    await signIn(owen.page, 'owen@privy.test');
    const owenId = String((await apiCall(owen.page, 'GET', '/api/account/me')).body.userId);
    await owen.page.goto('/manage/properties');
    await waitForLiveChannel(owen.page, /^user:/);

    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await admin.page.goto('/admin/properties');
    await waitForHydration(admin.page, 'form[role="search"] button[type="submit"]');
    await admin.page.getByLabel('Host').fill('owen@privy');
    await admin.page.getByLabel('Status').selectOption('published');
    await admin.page.getByRole('button', { name: 'Filter' }).click();
    await admin.page.waitForURL(/host=owen%40privy/);
    const rows = admin.page.getByTestId('admin-listing-row');
    // The filtered page replaces the full list: every row is Owen's.
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Owen Murphy'));
      })
      .toBe(true);
    await shootAll(
      admin.page,
      '/admin/properties?host=owen%40privy&status=published',
      'admin-properties-list',
    );

    await admin.page.goto('/admin/properties?host=owen%40privy&status=published');
    const first = rows.first().getByRole('link').first();
    await first.waitFor();
    const title = (await first.innerText()).trim();
    await first.click();
    await admin.page.waitForURL(/\/admin\/properties\/[0-9a-f-]{36}$/);
    const id = admin.page.url().split('/').at(-1) as string;
    await admin.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await admin.page.getByTestId('listing-host').getAttribute('href')).toBe(`/admin/users/${owenId}`);

    // A guest reports it from the bathroom's page.
    const gus = await newTab();
    await signIn(gus.page, 'gus@privy.test');
    await gus.page.goto(`/bathrooms/${id}`);
    await waitForHydration(gus.page, '[data-testid="report-listing"]');
    await gus.page.getByTestId('report-listing').click();
    await gus.page.getByLabel('The listing is not accurate').check();
    await gus.page.getByLabel('Details (optional)').fill('The photos are of another bathroom.');
    await gus.page.getByRole('button', { name: 'Send report' }).click();
    await expect
      .poll(() => gus.page.getByText('Privy’s team will look at this listing.').isVisible())
      .toBe(true);

    await admin.page.goto(`/admin/properties/${id}`);
    const report = admin.page
      .getByTestId('listing-report')
      .filter({ hasText: 'The photos are of another bathroom.' });
    await waitForHydration(admin.page, '[data-testid="listing-report"] button');
    await report.getByRole('button', { name: 'Unpublish for this' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Unpublish this listing' });
    await dialog.getByLabel('Reason the host reads').fill(REASON);
    await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect.poll(() => admin.page.getByTestId('hold-reason').isVisible()).toBe(true);
    expect(await admin.page.getByTestId('hold-reason').innerText()).toContain(REASON);
    expect(await report.textContent()).toContain('Acted on');

    // Owen hears of it live, and his listing says why, with no way to publish it himself.
    await expect
      .poll(() => owen.page.getByText('Listing unpublished by Privy').first().isVisible())
      .toBe(true);
    await owen.page.goto(`/manage/properties/${id}`);
    await owen.page.getByTestId('admin-hold').waitFor();
    expect(await owen.page.getByTestId('admin-hold').innerText()).toContain(REASON);
    expect(await owen.page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    await shootAll(owen.page, `/manage/properties/${id}`, 'admin-properties-host-hold');
    await owen.page.goto('/manage/properties');
    await expect
      .poll(() => owen.page.getByText('Unpublished by Privy', { exact: true }).first().isVisible())
      .toBe(true);
    await shootAll(admin.page, `/admin/properties/${id}`, 'admin-properties-detail', { fullPage: true });

    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await admin.page.goto(`/admin/properties/${id}`);
    await waitForHydration(admin.page, '[data-testid="moderation-actions"] button');
    await admin.page.getByRole('button', { name: 'Republish' }).click();
    await admin.page.getByRole('button', { name: 'Feature on home page' }).waitFor();
    await admin.page.getByRole('button', { name: 'Feature on home page' }).click();
    await admin.page.getByRole('button', { name: 'Remove from home page' }).waitFor();

    // The home page shows it among Featured bathrooms, to anyone.
    const visitor = await newTab();
    await visitor.page.goto('/');
    const featured = visitor.page.getByTestId('featured-bathrooms');
    await featured.waitFor();
    expect(await featured.locator(`a[href="/bathrooms/${id}"]`).count()).toBe(1);
    await shootAll(visitor.page, '/', 'admin-properties-home-featured', { fullPage: true });

    // Owen's page to share shows his bathrooms, this one among them.
    await visitor.page.goto(`/hi/${owenId}`);
    const cards = visitor.page.getByTestId('host-bathrooms');
    await cards.waitFor();
    expect(await cards.locator(`a[href="/bathrooms/${id}"]`).count()).toBe(1);
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe("Hi, I'm Owen");
    await shootAll(visitor.page, `/hi/${owenId}`, 'admin-properties-hi', { fullPage: true });

    // A fresh page: the earlier toasts no longer cover the buttons.
    await admin.page.goto(`/admin/properties/${id}`);
    await waitForHydration(admin.page, '[data-testid="moderation-actions"] button');
    await admin.page.getByRole('button', { name: 'Remove from home page' }).click();
    await admin.page.getByRole('button', { name: 'Feature on home page' }).waitFor();
    await visitor.page.goto('/');
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await visitor.page.getByTestId('featured-bathrooms').count()).toBe(0);
  }, 240_000);

  it('/atest fires toasts and previews overlays; /dev-provider-routes lists the guarded pages', async () => {
    const tab = await newTab();
    await signIn(tab.page, 'gus@privy.test');
    await tab.page.goto('/atest');
    await waitForHydration(tab.page, 'main button');
    const area = tab.page.getByText('Bottom right (br)', { exact: true }).locator('..');
    await area.getByRole('button', { name: 'Contrast' }).click();
    await expect
      .poll(() => tab.page.getByText('Shown in: Bottom right (br).').first().isVisible())
      .toBe(true);
    await tab.page.getByRole('button', { name: 'Account under review' }).click();
    await tab.page.getByRole('heading', { name: 'Account under review' }).waitFor();
    await tab.page.getByTestId('close-overlay-preview').click();
    await tab.page.getByRole('heading', { name: 'Account under review' }).waitFor({ state: 'detached' });
    // Still signed in and still active: the preview changed nothing.
    const me = await apiCall(tab.page, 'GET', '/api/account/me');
    expect(me.status).toBe(200);
    await shootAll(tab.page, '/atest', 'admin-properties-atest');

    await tab.page.goto('/dev-provider-routes');
    const link = tab.page.getByRole('link', { name: '/admin/properties', exact: true });
    await link.waitFor();
    await shootAll(tab.page, '/dev-provider-routes', 'admin-properties-dev-routes', { fullPage: true });
  }, 120_000);
});
