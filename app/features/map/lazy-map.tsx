import { Box, Center, Loader, Text } from '@mantine/core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import type { LeafletMapProps } from './leaflet-map.tsx';

const LeafletMap = lazyPart(() => import('./leaflet-map.tsx'));

/** How far below the screen the map starts loading, so it is drawn by the time it scrolls in. */
const LOAD_AHEAD = '400px 0px';

/**
 * The map, loaded once the page has hydrated and the map is on the screen or about to be: Leaflet
 * needs `window`, and its ~40 KB and its layout work stay out of a phone's first load, where the
 * listing's and the booking's maps sit far below the fold (docs/PERFORMANCE.md). The server (and a
 * browser without JavaScript) shows the label instead.
 */
export function LazyMap({ height, ...props }: LeafletMapProps & { height: number | string }) {
  const box = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setMounted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setMounted(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = (
    <Center h="100%">
      {mounted ? (
        <Loader size="sm" role="status" aria-label="Loading the map" />
      ) : (
        <Text c="dimmed">{props.label}</Text>
      )}
    </Center>
  );
  return (
    <Box
      ref={box}
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      {mounted ? (
        <Suspense fallback={placeholder}>
          <LeafletMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
