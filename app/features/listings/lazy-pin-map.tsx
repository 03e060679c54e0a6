import { Box, Center, Loader, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import type { PinMapProps } from './pin-map.tsx';

const PinMap = lazyPart(() => import('./pin-map.tsx'));

/** The draggable pin map, mounted after hydration so the server never loads Leaflet. */
export function LazyPinMap(props: PinMapProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = (
    <Center h="100%">
      {mounted ? (
        <Loader size="sm" role="status" aria-label="Loading the map" />
      ) : (
        <Text c="dimmed">Map of the entrance</Text>
      )}
    </Center>
  );
  return (
    <Box
      h={280}
      data-testid="pin-map"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      {mounted ? (
        <Suspense fallback={placeholder}>
          <PinMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
