import { describe, expect, it, vi } from 'vitest';
import { defaultSettingValues, type SettingValues } from '../../../common/schemas/settings.ts';
import { describeWithApp } from '../../test/harness.ts';
import type { EventListener } from '../realtime/bus.ts';
import { upsertSetting } from './repository.ts';
import { createSettingsCache, SETTINGS_CHANGED_EVENT, SETTINGS_CHANNEL } from './settings-cache.ts';

/**
 * The per-process copy of the settings (ADR 140): served until a change's NOTIFY drops it, or its
 * TTL lapses for a process that missed one.
 */

const DEFAULTS = defaultSettingValues({
  emailFromName: 'Privy',
  emailFromAddress: 'no-reply@privy.test',
  supportEmail: 'support@privy.test',
});

function fakeBus() {
  const listeners = new Set<EventListener>();
  const listening = new Set<(value: boolean) => void>();
  return {
    onEvent(listener: EventListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListeningChange(listener: (value: boolean) => void) {
      listening.add(listener);
      return () => listening.delete(listener);
    },
    emit: (channel: string) => {
      for (const listener of listeners) listener({ channel, event: SETTINGS_CHANGED_EVENT, payload: {} });
    },
    reconnected: () => {
      for (const listener of listening) listener(true);
    },
  };
}

describe('settings cache', () => {
  function setup() {
    let stored: SettingValues = { ...DEFAULTS };
    let now = 0;
    const load = vi.fn(async () => ({ ...stored }));
    const bus = fakeBus();
    const cache = createSettingsCache({ load, bus, ttlMs: 5_000, nowMs: () => now });
    return {
      cache,
      bus,
      load,
      store: (change: Partial<SettingValues>) => {
        stored = { ...stored, ...change };
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('serves its copy without reading again until the TTL lapses', async () => {
    const { cache, load, store, advance } = setup();
    expect((await cache.current()).holdMinutes).toBe(15);
    store({ holdMinutes: 30 });
    advance(4_999);
    expect((await cache.current()).holdMinutes).toBe(15);
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    expect((await cache.current()).holdMinutes).toBe(30);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops its copy on an event on the settings channel, and only on that channel', async () => {
    const { cache, bus, store } = setup();
    await cache.current();
    store({ goNowEnabled: false });
    bus.emit('admins');
    expect((await cache.current()).goNowEnabled).toBe(true);
    bus.emit(SETTINGS_CHANNEL);
    expect((await cache.current()).goNowEnabled).toBe(false);
  });

  it('drops its copy when the bus listens again (events sent meanwhile never arrive)', async () => {
    const { cache, bus, store } = setup();
    await cache.current();
    store({ holdMinutes: 45 });
    bus.reconnected();
    expect((await cache.current()).holdMinutes).toBe(45);
  });

  it('does not keep a read that began before an invalidation', async () => {
    const { cache, load, store } = setup();
    let release: () => void = () => {};
    load.mockImplementationOnce(
      () =>
        new Promise<SettingValues>((resolve) => {
          release = () => resolve({ ...DEFAULTS });
        }),
    );
    const stale = cache.current();
    store({ holdMinutes: 50 });
    cache.invalidate();
    release();
    expect((await stale).holdMinutes).toBe(15);
    expect((await cache.current()).holdMinutes).toBe(50);
  });

  it('serves the last values it read while the table cannot be read, and tries again next time', async () => {
    const { cache, load, store, advance } = setup();
    await expect(cache.current()).resolves.toMatchObject({ holdMinutes: 15 });
    advance(5_000);
    load.mockRejectedValueOnce(new Error('connection refused'));
    await expect(cache.current()).resolves.toMatchObject({ holdMinutes: 15 });
    store({ holdMinutes: 25 });
    await expect(cache.current()).resolves.toMatchObject({ holdMinutes: 25 });
  });

  it('fails when it has never read the table', async () => {
    const { cache, load } = setup();
    load.mockRejectedValueOnce(new Error('connection refused'));
    await expect(cache.current()).rejects.toThrow('connection refused');
  });

  it('shares one read between callers while it is in flight', async () => {
    const { cache, load } = setup();
    await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describeWithApp('settings cache: the NOTIFY path', (ctx) => {
  it('keeps its copy over a write it was not told of, and drops it when the change is published', async () => {
    const { services } = ctx();
    expect((await services.settings.current()).holdMinutes).toBe(15);
    // Another process's write, without the event: this process still serves its copy.
    await upsertSetting(services.db, 'hold_minutes', 35, null);
    expect((await services.settings.current()).holdMinutes).toBe(15);
    // The event that process publishes with its write reaches this one through NOTIFY.
    await services.realtime.bus.publish(SETTINGS_CHANNEL, SETTINGS_CHANGED_EVENT, {
      fields: ['holdMinutes'],
    });
    await vi.waitFor(async () => expect((await services.settings.current()).holdMinutes).toBe(35), {
      timeout: 4_000,
    });
  });
});
