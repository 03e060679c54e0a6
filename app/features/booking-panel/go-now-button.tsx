import { Button, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import classes from './go-now.module.css';

/** The list and its booking code load on the first tap only (the home page's first load stays small: ADR 082). */
const GoNowModal = lazyPart(() => import('./go-now-modal.tsx'));

export type GoNowPoint = { latitude: number; longitude: number };

/**
 * "Go now" (ADR 093): the nearest bathrooms free within 15 minutes, one tap from checkout. It
 * searches around `point` (the place in the search), or, with `geolocate`, asks the browser where
 * the guest is when no place has been chosen yet.
 */
export function GoNowButton({
  point,
  geolocate = false,
  startOnMount = false,
}: {
  point: GoNowPoint | null;
  geolocate?: boolean;
  /** tapped before this button replaced its stand-in (live-go-now-button.tsx): act on it now */
  startOnMount?: boolean;
}) {
  const [where, setWhere] = useState<GoNowPoint | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setError(null);
    if (point) {
      setWhere(point);
      return;
    }
    if (!geolocate || !('geolocation' in navigator)) {
      setError('Choose where you are in the search above, then tap Go now.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setWhere({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setError('We could not get your location. Type an address above, then tap Go now.');
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const startRef = useRef(start);
  startRef.current = start;
  const startedOnMount = useRef(false);
  useEffect(() => {
    if (startOnMount && !startedOnMount.current) {
      startedOnMount.current = true;
      startRef.current();
    }
  }, [startOnMount]);

  return (
    <Stack gap={4}>
      <Button
        type="button"
        size="lg"
        color="orange"
        fullWidth
        className={classes.button}
        loading={locating}
        data-early-tap="go-now"
        onClick={start}
        leftSection={<IconBolt size={20} aria-hidden />}
      >
        Go now: free in 15 minutes
      </Button>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {where ? (
        <Suspense fallback={null}>
          <GoNowModal point={where} onClose={() => setWhere(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
