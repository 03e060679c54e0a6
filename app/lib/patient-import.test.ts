import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_DELAYS_MS, patientImport } from './patient-import.ts';

function fakeBrowser(onLine: boolean) {
  const listeners = new Set<() => void>();
  return {
    navigator: { onLine },
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    goOnline(this: { navigator: { onLine: boolean } }) {
      this.navigator.onLine = true;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

function failsOnceThenLoads() {
  return vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('lost')).mockResolvedValue('module');
}

/** Nothing was asked again while offline; back online, one more ask loads it and no listener stays. */
async function expectOneMoreAskOnceOnline(
  browser: ReturnType<typeof fakeBrowser>,
  load: ReturnType<typeof failsOnceThenLoads>,
  outcome: Promise<string>,
) {
  expect(load).toHaveBeenCalledTimes(1);
  browser.goOnline();
  expect(await outcome).toBe('module');
  expect(load).toHaveBeenCalledTimes(2);
  expect(browser.listeners.size).toBe(0);
}

describe('patientImport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after 1, 2 and 5 s online, then lets the failure through', async () => {
    const load = vi.fn(() => Promise.reject(new Error('gone')));
    const outcome = patientImport(load, fakeBrowser(true) as never).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    for (const [index, delay] of CHUNK_RETRY_DELAYS_MS.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(load).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(index + 2);
    }
    expect(await outcome).toBe('gone');
  });

  it('offline, waits for the browser to come back however long, then resolves', async () => {
    const browser = fakeBrowser(false);
    const load = failsOnceThenLoads();
    const outcome = patientImport(load, browser as never);
    await vi.advanceTimersByTimeAsync(60_000);
    await expectOneMoreAskOnceOnline(browser, load, outcome);
  });

  it('a timed retry that comes due offline waits for the network instead of failing again', async () => {
    // Online when the load fails; the browser learns it is offline only afterwards.
    const browser = fakeBrowser(true);
    const load = failsOnceThenLoads();
    const outcome = patientImport(load, browser as never);
    await vi.advanceTimersByTimeAsync(0);
    browser.navigator.onLine = false;
    await vi.advanceTimersByTimeAsync(30_000);
    await expectOneMoreAskOnceOnline(browser, load, outcome);
  });

  it('on the server, is the import itself', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    expect(await patientImport(load, undefined)).toBe('module');
  });
});
