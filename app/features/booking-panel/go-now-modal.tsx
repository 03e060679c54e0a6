// Modal's own styles come with the modal: the home layout does not load mantine-pages.css, and
// without them the list was drawn full width across the top of the home page.
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { formatDistance } from '../../../common/distance.ts';
import { formatPrice } from '../../../common/money.ts';
import type { GoNowResponse, GoNowResult } from '../../../common/schemas/go-now.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useRootData } from '../../root.tsx';
import type { GoNowPoint } from './go-now-button.tsx';
import { listingChoiceHref, reserveLabel, startsIn, zoneNoteFor } from './go-now-helpers.ts';

type ListState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ok'; results: GoNowResult[] };

const TRY_AGAIN = 'Something went wrong on our side. Please try again.';

/**
 * A visitor who is not signed in: post the same choice to the listing page's own "Reserve and pay"
 * action, which keeps it in the return cookie and sends them to sign in; they come back to that
 * listing with the start chosen (ADR 093). A plain form post, so the cookie is set by the server.
 */
function reserveAfterSignIn(result: GoNowResult) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = listingChoiceHref(result);
  for (const [name, value] of [
    ['startsAt', result.starts_at],
    ['durationMinutes', String(result.duration_minutes)],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name as string;
    input.value = value as string;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export default function GoNowModal({ point, onClose }: { point: GoNowPoint; onClose: () => void }) {
  // Signed out: straight to sign-in, rather than an API call the browser would log as a failed 401.
  const signedIn = Boolean(useRootData()?.viewer);
  const phone = useMediaQuery('(max-width: 36em)');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [reserving, setReserving] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const load = useCallback(async () => {
    setList({ kind: 'loading' });
    try {
      const params = new URLSearchParams({ lat: String(point.latitude), lon: String(point.longitude) });
      const response = await apiFetch(`/api/bathrooms/go-now?${params}`, {
        headers: { accept: 'application/json' },
      });
      const body = await response.json();
      if (!response.ok) setList({ kind: 'error', message: body?.message ?? TRY_AGAIN });
      else setList({ kind: 'ok', results: (body as GoNowResponse).results });
    } catch {
      setList({ kind: 'error', message: 'We could not reach Privy. Check your connection and try again.' });
    }
  }, [point.latitude, point.longitude]);

  useEffect(() => {
    void load();
  }, [load]);

  async function reserve(result: GoNowResult) {
    setReserving(result.id);
    setNotice(null);
    if (!signedIn) {
      reserveAfterSignIn(result);
      return;
    }
    try {
      const response = await apiFetch('/api/bookings', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          bathroomId: result.id,
          startsAt: result.starts_at,
          durationMinutes: result.duration_minutes,
        }),
      });
      if (response.status === 401) {
        reserveAfterSignIn(result);
        return;
      }
      const body = await response.json().catch(() => null);
      if (response.ok && typeof body?.checkoutUrl === 'string') {
        window.location.assign(body.checkoutUrl);
        return;
      }
      setReserving(null);
      setNotice(body?.message ?? TRY_AGAIN);
      // Taken meanwhile (409) or no longer open: show what is free now.
      if (response.status === 409 || response.status === 400) void load();
    } catch {
      setReserving(null);
      setNotice('We could not reach Privy. Check your connection and try again.');
    }
  }

  return (
    <Modal opened onClose={onClose} title="Free in the next 15 minutes" fullScreen={phone === true} size="lg">
      <Stack gap="sm">
        {notice ? (
          <Alert color="red" role="alert" title="That time could not be booked">
            {notice}
          </Alert>
        ) : null}
        {list.kind === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Finding bathrooms free now" />
          </Center>
        ) : list.kind === 'error' ? (
          <Stack gap="xs">
            <Alert color="red" role="alert">
              {list.message}
            </Alert>
            <Button variant="default" onClick={() => void load()}>
              Try again
            </Button>
          </Stack>
        ) : list.results.length === 0 ? (
          <Stack gap="xs">
            <Text>No bathroom within 25 miles is free in the next 15 minutes.</Text>
            <Text size="sm" c="dimmed">
              Close this and search with a later time, or try again in a few minutes.
            </Text>
            <Button variant="default" onClick={() => void load()}>
              Look again
            </Button>
          </Stack>
        ) : (
          list.results.map((result) => {
            const zone = zoneNoteFor(result.timezone, browserZone);
            return (
              <Paper key={result.id} withBorder p="sm" radius="md" data-testid="go-now-result">
                <Stack gap={6}>
                  <Group justify="space-between" align="baseline" wrap="nowrap">
                    <Text fw={600} component="a" href={listingChoiceHref(result)}>
                      {result.title}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDistance(result.distance_miles)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    Near {result.city}
                    {result.state_code ? `, ${result.state_code}` : ''} · starts {startsIn(result.starts_at)}
                    {' · '}
                    {formatPrice(result.price_cents)} for {result.duration_minutes} min
                  </Text>
                  <Button
                    size="lg"
                    fullWidth
                    loading={reserving === result.id}
                    disabled={reserving !== null && reserving !== result.id}
                    onClick={() => void reserve(result)}
                  >
                    {reserveLabel(result)}
                    {zone ? ` ${zone}` : ''}
                  </Button>
                </Stack>
              </Paper>
            );
          })
        )}
      </Stack>
    </Modal>
  );
}
