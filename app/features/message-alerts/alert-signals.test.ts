import { describe, expect, it, vi } from 'vitest';
import { ALERT_SOUND_URL, type AlertSignalDeps, playAlertSound, vibrateForAlert } from './alert-signals.ts';

function deps(overrides: Partial<AlertSignalDeps> = {}) {
  const audio = { volume: 1, play: vi.fn(() => Promise.resolve()) };
  const createAudio = vi.fn(() => audio);
  return {
    audio,
    deps: {
      hasFocus: () => true,
      createAudio,
      vibrate: vi.fn(() => true),
      hasBeenActive: () => true,
      ...overrides,
    } satisfies AlertSignalDeps,
  };
}

describe('alert sound and vibration (spec §4, §9)', () => {
  it('plays the chime at volume 0.3 while the window has focus', () => {
    const { audio, deps: d } = deps();
    expect(playAlertSound(d)).toBe(true);
    expect(d.createAudio).toHaveBeenCalledWith(ALERT_SOUND_URL);
    expect(audio.volume).toBe(0.3);
    expect(audio.play).toHaveBeenCalledTimes(1);
  });

  it('stays quiet without focus', () => {
    const { deps: d } = deps({ hasFocus: () => false });
    expect(playAlertSound(d)).toBe(false);
    expect(d.createAudio).not.toHaveBeenCalled();
  });

  it('ignores a refused play() and a broken Audio', async () => {
    const refused = { volume: 1, play: () => Promise.reject(new DOMException('blocked', 'NotAllowedError')) };
    expect(playAlertSound(deps({ createAudio: () => refused }).deps)).toBe(true);
    // Let the rejection settle: an unhandled one would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const broken = () => {
      throw new Error('no audio here');
    };
    expect(playAlertSound(deps({ createAudio: broken }).deps)).toBe(false);
  });

  it('vibrates 100-50-100 ms where it can, and never throws', () => {
    const { deps: d } = deps();
    expect(vibrateForAlert(d)).toBe(true);
    expect(d.vibrate).toHaveBeenCalledWith([100, 50, 100]);
    expect(vibrateForAlert({ ...d, vibrate: undefined })).toBe(false);
    const before = deps({ hasBeenActive: () => false }).deps;
    expect(vibrateForAlert(before)).toBe(false);
    expect(before.vibrate).not.toHaveBeenCalled();
    const throwing = () => {
      throw new Error('policy');
    };
    expect(vibrateForAlert({ ...d, vibrate: throwing })).toBe(false);
  });
});
