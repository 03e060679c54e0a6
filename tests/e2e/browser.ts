import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type Tab = { page: Page; context: BrowserContext; errors: string[] };

/**
 * One Chromium per test file. Every page a test opens is watched: a console error or an uncaught
 * exception fails the test that caused it (the console stays clean).
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });

  afterEach(async () => {
    const errors = tabs.flatMap((tab) => tab.errors);
    await Promise.all(tabs.splice(0).map((tab) => tab.context.close()));
    expect(errors, 'browser console errors').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * A fresh browser profile (own cookies and storage), like a second person on another device;
   * `device` sets its screen (e.g. a phone's viewport, touch and pixel ratio).
   */
  async function newTab(
    options: { colorScheme?: 'light' | 'dark'; device?: BrowserContextOptions } = {},
  ): Promise<Tab> {
    if (!browser) throw new Error('browser not started');
    const context = await browser.newContext({
      ...options.device,
      baseURL: baseUrl(),
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const tab: Tab = { page, context, errors: [] };
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A failed load names the page, not what failed; the message's location is the resource.
      const resource = message.location().url;
      const from = resource && resource !== page.url() ? ` (${resource})` : '';
      tab.errors.push(`${page.url()}: ${message.text()}${from}`);
    });
    page.on('pageerror', (error) => tab.errors.push(`${page.url()}: ${error.message}`));
    tabs.push(tab);
    return tab;
  }

  /** Pages that answer an expected 4xx log a resource error in Chromium; tests that expect one say so. */
  function allowConsoleErrors(tab: Tab, pattern: RegExp) {
    const keep = tab.errors.filter((error) => !pattern.test(error));
    tab.errors.splice(0, tab.errors.length, ...keep);
  }

  return { newTab, allowConsoleErrors };
}
