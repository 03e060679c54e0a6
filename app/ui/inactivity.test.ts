import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInactivityReloader } from './inactivity.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('inactivity reload (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never reloads before 3 hours, however quiet the tab', () => {
    const reload = vi.fn();
    startInactivityReloader(reload);
    vi.advanceTimersByTime(3 * HOUR - 1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads 5 minutes after the 3-hour mark when nobody touches the page', () => {
    const reload = vi.fn();
    startInactivityReloader(reload);
    vi.advanceTimersByTime(3 * HOUR + 5 * MINUTE - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps pushing the reload back while the user is active after 3 hours', () => {
    const reload = vi.fn();
    const reloader = startInactivityReloader(reload);
    vi.advanceTimersByTime(3 * HOUR);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(4 * MINUTE);
      reloader.activity();
    }
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('activity before 3 hours schedules nothing, and stop cancels everything', () => {
    const reload = vi.fn();
    const reloader = startInactivityReloader(reload);
    vi.advanceTimersByTime(HOUR);
    reloader.activity();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(reload).not.toHaveBeenCalled();
    reloader.stop();
    vi.advanceTimersByTime(5 * HOUR);
    expect(reload).not.toHaveBeenCalled();
  });
});
