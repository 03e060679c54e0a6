import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { STAND_IN_CONTROLS } from './booking-panel.tsx';
import { BookingPanelView, type PanelControls, type PanelData } from './booking-panel-view.tsx';
import { MANTINE_CONTROLS } from './live-booking-panel.tsx';

/** The markup under a router, with React's generated ids numbered in order of appearance. */
function html(node: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }]);
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <Stub />
    </MantineProvider>,
  );
  const ids = new Map<string, string>();
  return markup.replace(/_R_[A-Za-z0-9]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return `ID:${ids.get(id)}`;
  });
}

const starts = Array.from({ length: 16 }, (_, index) => {
  const minutes = 9 * 60 + index * 15;
  const local = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { starts_at: `2027-03-16T${local}:00.000Z`, local_time: local };
});
const data: PanelData = {
  path: '/bathrooms/b1',
  today: '2027-03-14',
  closedDates: ['2027-03-21'],
  date: '2027-03-16',
  duration: 30,
  allowedDurations: [15, 30, 60],
  starts,
  start: starts[1] ?? null,
  hourlyPriceCents: 1200,
  title: 'Quiet loo',
  area: 'Near Austin, TX',
  timezoneName: 'CDT',
  ownBathroom: false,
};
const noop = () => {};

function panel(
  ui: PanelControls,
  panelData: PanelData,
  extra: {
    error?: string;
    showAll?: boolean;
    submitting?: boolean;
    heading?: { date: string; duration: number };
  } = {},
) {
  return html(
    <BookingPanelView
      data={panelData}
      {...(extra.heading ? { heading: extra.heading } : {})}
      error={extra.error ?? null}
      showAll={extra.showAll ?? false}
      onShowAll={noop}
      go={noop}
      submitting={extra.submitting ?? false}
      ui={ui}
    />,
  );
}

describe('the booking panel before it is live draws exactly what it draws live', () => {
  it.each([
    ['a start chosen, more starts than shown', data, {}],
    ['all starts shown', data, { showAll: true }],
    [
      'a refusal from the server, while submitting',
      data,
      { error: 'That time was just taken.', submitting: true },
    ],
    ['no free starts', { ...data, starts: [], start: null }, {}],
    ['a start chosen late in the day', { ...data, start: starts[14] ?? null }, {}],
    ['another day and length on their way', data, { heading: { date: '2027-03-17', duration: 60 } }],
  ])('%s', (_, panelData, extra) => {
    const ours = panel(STAND_IN_CONTROLS, panelData, extra);
    expect(ours).toContain('data-testid="booking-panel"');
    expect(ours).toBe(panel(MANTINE_CONTROLS, panelData, extra));
  });
});
