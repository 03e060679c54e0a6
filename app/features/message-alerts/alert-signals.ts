import { SOUND_VOLUME, VIBRATION_PATTERN_MS } from '../../../common/constants.ts';

/*
 * The sound and the buzz of a new message alert (spec §4, §9): a short chime at volume 0.3, only
 * while the window has focus, and a 100-50-100 ms vibration where the device can. Either may be
 * refused (autoplay blocked before the first tap, no vibrator, a permissions policy): spec §8 says
 * such failures are ignored, so they never reach the console.
 */

/** A 0.18 s two-tone chime, 8-bit mono WAV (3 KB), made by the script in ADR 121. */
export const ALERT_SOUND_URL = '/sounds/message-alert.wav';

type AudioLike = { volume: number; play(): Promise<void> | undefined };

export type AlertSignalDeps = {
  hasFocus: () => boolean;
  createAudio: (url: string) => AudioLike;
  vibrate: ((pattern: number[]) => boolean) | undefined;
  /** Whether the person has tapped or typed on the page yet (navigator.userActivation). */
  hasBeenActive: () => boolean;
};

function browserDeps(): AlertSignalDeps {
  const vibrate = typeof navigator.vibrate === 'function' ? navigator.vibrate.bind(navigator) : undefined;
  return {
    hasFocus: () => document.hasFocus(),
    createAudio: (url) => new Audio(url),
    vibrate,
    // Browsers without userActivation decide for themselves.
    hasBeenActive: () => navigator.userActivation?.hasBeenActive ?? true,
  };
}

export function playAlertSound(deps: AlertSignalDeps): boolean {
  if (!deps.hasFocus()) return false;
  try {
    const audio = deps.createAudio(ALERT_SOUND_URL);
    audio.volume = SOUND_VOLUME;
    // play() rejects when autoplay is not allowed yet; that is fine (spec §8).
    audio.play()?.catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

export function vibrateForAlert(deps: AlertSignalDeps): boolean {
  // Before the first tap Chromium refuses the call and logs an intervention: it would buzz nothing.
  if (!deps.vibrate || !deps.hasBeenActive()) return false;
  try {
    return deps.vibrate([...VIBRATION_PATTERN_MS]);
  } catch {
    return false;
  }
}

/** Both signals of one alert, in the browser. */
export function signalAlert(deps: AlertSignalDeps = browserDeps()): void {
  playAlertSound(deps);
  vibrateForAlert(deps);
}
