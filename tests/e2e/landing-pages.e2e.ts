import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EARNINGS_INPUT,
  type EarningsInput,
  type EarningsPeriod,
  estimateEarnings,
} from '../../common/earnings.ts';
import { formatPrice } from '../../common/money.ts';
import { ACCESSIBILITY_FEATURES } from '../../common/schemas/properties.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/**
 * The five landing pages of spec §2 (ADR 078). Their h1, title, description, footer links and phone
 * layout are checked with every other public page in public-pages.e2e.ts; this file checks what is
 * particular to them: canonical URLs, the earnings calculator, and the viewer-aware calls to action.
 */
const LANDING_PATHS = [
  '/rent-your-bathroom',
  '/earn-money-bathroom',
  '/bathroom-rental-income',
  '/private-restroom-sharing',
  '/accessible-bathroom-provider',
];

/** The text of the element with this data-testid in raw HTML (the server's first answer). */
function testIdText(html: string, testId: string): string | undefined {
  return html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`))?.[1];
}

async function expectEstimateShown(page: Page, expected: ReturnType<typeof estimateEarnings>) {
  await expect
    .poll(() => page.getByTestId('estimate-headline').textContent())
    .toBe(formatPrice(expected.month.netCents));
  const periods: Record<string, EarningsPeriod> = {
    week: expected.week,
    month: expected.month,
    year: expected.year,
  };
  for (const [period, money] of Object.entries(periods)) {
    expect(await page.getByTestId(`estimate-${period}-gross`).textContent(), period).toBe(
      formatPrice(money.grossCents),
    );
    expect(await page.getByTestId(`estimate-${period}-fee`).textContent(), period).toBe(
      formatPrice(money.feeCents),
    );
    expect(await page.getByTestId(`estimate-${period}-net`).textContent(), period).toBe(
      formatPrice(money.netCents),
    );
  }
}

describe('landing pages', () => {
  const { newTab } = useBrowser();

  it('each names its absolute canonical URL and the same URL for link previews', async () => {
    const { page } = await newTab();
    for (const path of LANDING_PATHS) {
      await page.goto(path);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical, path).toBe(`${baseUrl()}${path}`);
      expect(await page.locator('meta[property="og:url"]').getAttribute('content'), path).toBe(canonical);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content'), path).toBe(
        await page.title(),
      );
      expect(await page.locator('meta[property="og:description"]').getAttribute('content'), path).toBe(
        await page.locator('meta[name="description"]').getAttribute('content'),
      );
    }
  });

  it('the calculator’s first HTML already shows the estimate, for the defaults and for a shared link', async () => {
    const { page } = await newTab();
    const html = await (await page.request.get('/earn-money-bathroom')).text();
    const defaults = estimateEarnings(DEFAULT_EARNINGS_INPUT);
    expect(testIdText(html, 'estimate-headline')).toBe(formatPrice(defaults.month.netCents));
    expect(testIdText(html, 'estimate-year-net')).toBe(formatPrice(defaults.year.netCents));
    expect(testIdText(html, 'estimate-week-fee')).toBe(formatPrice(defaults.week.feeCents));

    const shared = await (
      await page.request.get('/earn-money-bathroom?price=25&occupancy=40&length=60')
    ).text();
    const sharedEstimate = estimateEarnings({
      ...DEFAULT_EARNINGS_INPUT,
      hourlyPriceCents: 2500,
      occupancyPercent: 40,
      bookingMinutes: 60,
    });
    expect(testIdText(shared, 'estimate-headline')).toBe(formatPrice(sharedEstimate.month.netCents));

    const tooDear = await (await page.request.get('/earn-money-bathroom?price=500')).text();
    expect(tooDear).toContain('The hourly price can be at most $200.');
    expect(testIdText(tooDear, 'estimate-headline')).toBeUndefined();

    // Without JavaScript the form submits to the page, whose loader reads these fields.
    await page.goto('/earn-money-bathroom');
    const form = page.locator('form[method="get"][action="/earn-money-bathroom"]');
    for (const name of ['price', 'hours', 'days', 'occupancy', 'length', 'buffer']) {
      expect(await form.locator(`[name="${name}"]`).count(), name).toBe(1);
    }
  });

  it('changing the calculator’s inputs updates the estimate at once', async () => {
    const { page } = await newTab();
    await page.goto('/earn-money-bathroom');
    await waitForHydration(page, '#main');
    await expectEstimateShown(page, estimateEarnings(DEFAULT_EARNINGS_INPUT));

    await page.getByLabel('Hourly price').fill('18.50');
    const pricier: EarningsInput = { ...DEFAULT_EARNINGS_INPUT, hourlyPriceCents: 1850 };
    await expectEstimateShown(page, estimateEarnings(pricier));

    await page.getByLabel('Hours a day').fill('9');
    await page.getByLabel('Days a week').fill('5');
    await page.getByLabel('Expected occupancy').fill('35');
    await page.getByLabel('Typical booking length').selectOption('15');
    await page.getByLabel('Cleaning break after each').selectOption('5');
    const changed: EarningsInput = {
      hourlyPriceCents: 1850,
      hoursPerDay: 9,
      daysPerWeek: 5,
      occupancyPercent: 35,
      bookingMinutes: 15,
      cleaningBufferMinutes: 5,
    };
    await expectEstimateShown(page, estimateEarnings(changed));

    // Out of a listing's price range: the field says why, and no figure is shown.
    const price = page.getByLabel('Hourly price');
    await price.fill('250');
    await expect.poll(() => page.getByText('The hourly price can be at most $200.').isVisible()).toBe(true);
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('estimate-headline').count()).toBe(0);
    await price.fill('40');
    await expectEstimateShown(page, estimateEarnings({ ...changed, hourlyPriceCents: 4000 }));
  });

  it('each income example opens in the calculator with the same result', async () => {
    const { page } = await newTab();
    await page.goto('/bathroom-rental-income');
    const cards = page.locator('[data-testid^="income-example-"]');
    const count = await cards.count();
    expect(count).toBe(3);
    for (let index = 0; index < count; index++) {
      await page.goto('/bathroom-rental-income');
      const card = cards.nth(index);
      const monthly = await card.getByTestId('example-net-month').textContent();
      expect(monthly).toMatch(/^\$[\d,]+(\.\d\d)?$/);
      await card.getByRole('link', { name: 'Open these numbers in the calculator' }).click();
      await page.waitForURL(/\/earn-money-bathroom\?/);
      await expect.poll(() => page.getByTestId('estimate-headline').textContent()).toBe(monthly);
    }
  });

  it('sends a visitor to apply and a host to add a bathroom', async () => {
    const visitor = await newTab();
    await visitor.page.goto('/rent-your-bathroom');
    const apply = visitor.page.getByRole('main').getByRole('link', { name: 'Apply to host' }).first();
    expect(await apply.getAttribute('href')).toBe('/become-a-provider');

    const host = await newTab();
    await signIn(host.page, 'paula@privy.test');
    for (const path of ['/rent-your-bathroom', '/accessible-bathroom-provider']) {
      await host.page.goto(path);
      const add = host.page.getByRole('main').getByRole('link', { name: 'Add your bathroom' }).first();
      expect(await add.getAttribute('href'), path).toBe('/manage/add-property');
      expect(await host.page.getByRole('main').getByRole('link', { name: 'Apply to host' }).count()).toBe(0);
    }
  });

  it('explains every accessibility feature a listing can show, and links to the matching search', async () => {
    const { page } = await newTab();
    await page.goto('/accessible-bathroom-provider');
    for (const feature of ACCESSIBILITY_FEATURES) {
      const card = page.getByTestId(`feature-${feature.id}`);
      expect(await card.getByRole('heading', { level: 3 }).textContent(), feature.id).toBe(feature.label);
    }
    await waitForHydration(page, '#main');
    await page.getByRole('link', { name: 'Try a step-free search' }).click();
    await page.waitForURL(/\/bathrooms\?accessibility=/);
    await waitForHydration(page, '#main');
    await page.getByRole('button', { name: /^Filters/ }).click();
    for (const label of ['Step-free entrance', 'Grab bars', 'Door at least 32 in wide']) {
      await expect
        .poll(() => page.getByRole('checkbox', { name: label }).isChecked(), { message: label })
        .toBe(true);
    }
    expect(await page.getByRole('checkbox', { name: 'Roll-in shower' }).isChecked()).toBe(false);
  });
});
