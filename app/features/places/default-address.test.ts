import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCATION_DELAY_MS } from '../../../common/constants.ts';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import { scheduleDefaultAddress } from './default-address.ts';

const home: PlaceResult = {
  description: '1 Main St, Austin, TX 78701, United States',
  latitude: 30.2672,
  longitude: -97.7431,
  location: { lat: 30.2672, lon: -97.7431, formatted: '1 Main St, Austin, TX 78701, United States' },
};

describe('scheduleDefaultAddress (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the first saved location at once and never asks the browser', () => {
    const apply = vi.fn();
    const locate = vi.fn();
    scheduleDefaultAddress({ saved: home, hasAddress: () => false, apply, locate });
    expect(apply).toHaveBeenCalledWith(home);
    vi.advanceTimersByTime(DEFAULT_LOCATION_DELAY_MS * 2);
    expect(locate).not.toHaveBeenCalled();
  });

  it('asks the browser for its position 3.5 s after load when there is no address', () => {
    const locate = vi.fn();
    scheduleDefaultAddress({ saved: null, hasAddress: () => false, apply: vi.fn(), locate });
    vi.advanceTimersByTime(DEFAULT_LOCATION_DELAY_MS - 1);
    expect(locate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(locate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DEFAULT_LOCATION_DELAY_MS * 3);
    expect(locate).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the user has set an address meanwhile', () => {
    let address: PlaceResult | null = null;
    const locate = vi.fn();
    scheduleDefaultAddress({ saved: null, hasAddress: () => address !== null, apply: vi.fn(), locate });
    vi.advanceTimersByTime(1000);
    address = home;
    vi.advanceTimersByTime(DEFAULT_LOCATION_DELAY_MS);
    expect(locate).not.toHaveBeenCalled();
  });

  it('does not overwrite an address already set with the saved one', () => {
    const apply = vi.fn();
    scheduleDefaultAddress({ saved: home, hasAddress: () => true, apply, locate: vi.fn() });
    expect(apply).not.toHaveBeenCalled();
  });

  it('stops waiting when the page goes away', () => {
    const locate = vi.fn();
    const cancel = scheduleDefaultAddress({ saved: null, hasAddress: () => false, apply: vi.fn(), locate });
    cancel();
    vi.advanceTimersByTime(DEFAULT_LOCATION_DELAY_MS * 2);
    expect(locate).not.toHaveBeenCalled();
  });
});
