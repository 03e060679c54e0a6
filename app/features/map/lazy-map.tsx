import { Box, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LeafletMapProps } from './leaflet-map.tsx';

const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/**
 * The map, loaded only after the page has hydrated: Leaflet needs `window`, and its ~40 KB stay
 * out of the first load. The server (and a browser without JavaScript) shows the label instead.
 */
export function LazyMap({ height, ...props }: LeafletMapProps & { height: number | string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
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
