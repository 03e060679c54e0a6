import { Box, Text } from '@mantine/core';
import type { OccupancyCell } from '../../../common/schemas/analytics.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Bookings started per hour of the week on each bathroom's own clock (ADR 138), as a 7×24 grid:
 * the darker, the more. Each cell names its count for screen readers and on hover.
 */
export function OccupancyHeatmap({ cells }: { cells: OccupancyCell[] }) {
  const counts = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.bookings]));
  const max = Math.max(1, ...cells.map((cell) => cell.bookings));
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box
        role="table"
        aria-label="Bookings started by weekday and hour"
        data-testid="occupancy-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: '30px repeat(24, minmax(9px, 1fr))',
          gap: 2,
          minWidth: 290,
        }}
      >
        <span />
        {HOURS.map((hour) => (
          <Text key={hour} size="10px" c="dimmed" ta="center" aria-hidden>
            {hour % 6 === 0 ? hour : ''}
          </Text>
        ))}
        {WEEKDAYS.map((weekday, index) => (
          <Box key={weekday} role="row" style={{ display: 'contents' }}>
            <Text size="xs" c="dimmed" role="rowheader">
              {weekday}
            </Text>
            {HOURS.map((hour) => {
              const count = counts.get(`${index}:${hour}`) ?? 0;
              const share = count / max;
              return (
                <Box
                  key={hour}
                  role="cell"
                  aria-label={`${weekday} ${hour}:00, ${count} bookings`}
                  title={`${weekday} ${hour}:00 – ${count} bookings`}
                  style={{
                    aspectRatio: '1',
                    borderRadius: 2,
                    background:
                      count === 0
                        ? 'var(--mantine-color-default-border)'
                        : `color-mix(in srgb, var(--mantine-color-teal-6) ${Math.round(20 + share * 80)}%, transparent)`,
                  }}
                />
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
