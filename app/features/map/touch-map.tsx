import { Box } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import type { LeafletMapProps } from './leaflet-map.tsx';
import { StaticMap } from './static-map.tsx';

const LeafletMap = lazyPart(() => import('./leaflet-map.tsx'));

/**
 * A map of one place (a listing's area, a booking's door) that the server draws as a picture from
 * the same tiles (static-map.tsx); Leaflet loads only when the visitor reaches for it (a touch, a
 * mouse over it, a key) and takes the picture's place, with the focus if the keyboard was there. On
 * a phone's booking page the map is on the first screen, and loading Leaflet there was the page's
 * longest task after hydration (ADR 159). Maps that must be live at once (search results, admin
 * charts) use lazy-map.tsx.
 */
export function TouchMap({ height, ...props }: Omit<LeafletMapProps, 'focusOnMount'> & { height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const picture = (onActivate?: () => void) => (
    <StaticMap
      tileUrl={props.tileUrl}
      center={props.center}
      markers={props.markers}
      area={props.area}
      label={props.label}
      onActivate={onActivate}
    />
  );
  return (
    <Box
      ref={box}
      h={height}
      data-touch-map=""
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      {live ? (
        <Suspense fallback={picture()}>
          <LeafletMap {...props} focusOnMount={focusOnMount} />
        </Suspense>
      ) : (
        picture(() => {
          // The keyboard's focus follows to the live map, which replaces the button it was on.
          setFocusOnMount(box.current?.contains(document.activeElement) ?? false);
          setLive(true);
        })
      )}
    </Box>
  );
}
