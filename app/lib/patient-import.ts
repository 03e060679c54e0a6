import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** After a failed load with the browser online: try again after these waits, then give up. */
export const CHUNK_RETRY_DELAYS_MS = [1000, 2000, 5000];

type Browser = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>;
  setTimeout: (handler: () => void, ms: number) => unknown;
};

/**
 * A dynamic import that survives a lost connection (ADR 163). Offline, a failed chunk is asked for
 * again as soon as the browser is back online, however long that takes; online, after 1, 2 and
 * 5 s, and only then does the failure reach the page (a deploy that replaced the file, say). Until
 * then the part's Suspense fallback stays, instead of the page giving way to an error.
 */
export function patientImport<T>(
  load: () => Promise<T>,
  browser: Browser | undefined = typeof window === 'undefined' ? undefined : window,
): Promise<T> {
  // The server renders from modules already on disk: nothing to wait for.
  if (!browser) return load();
  return new Promise<T>((resolve, reject) => {
    let retries = 0;
    const attempt = () => {
      load().then(resolve, (error: unknown) => {
        if (!browser.navigator.onLine) return whenOnline(attempt);
        const delay = CHUNK_RETRY_DELAYS_MS[retries++];
        if (delay === undefined) reject(error);
        else browser.setTimeout(() => whenOnline(attempt), delay);
      });
    };
    // A timed retry that comes due after the network went (the browser may learn it is offline
    // only after the failure it caused) waits for the network too, rather than fail once more.
    const whenOnline = (then: () => void) => {
      if (browser.navigator.onLine) return then();
      const again = () => {
        browser.removeEventListener('online', again);
        then();
      };
      browser.addEventListener('online', again);
    };
    attempt();
  });
}

/** React's lazy() over patientImport: a part whose code loads after the page, patiently. */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own lazy()
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => patientImport(load));
}
