import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and for the hydrating render, true once the page is live. It turns true in a
 * transition: a lazily loaded component rendered when it does (`live ? <Lazy /> : <Stand-in />`)
 * keeps the stand-in on screen while its code downloads, instead of blanking into a Suspense
 * fallback. The interactive Mantine parts of the pages everyone lands on load this way, after the
 * page has painted and hydrated, so their first load stays small (docs/PERFORMANCE.md, Lighthouse).
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    startTransition(() => setLive(true));
  }, []);
  return live;
}
