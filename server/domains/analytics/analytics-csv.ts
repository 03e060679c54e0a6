import type { AnalyticsChart, AnalyticsReport } from '../../../common/schemas/analytics.ts';

/**
 * One CSV per chart on /admin/analytics (ADR 138): what the chart draws, amounts in US dollars with
 * cents as plain numbers. Every field is quoted; text someone typed (a bathroom's title, a city)
 * that a spreadsheet would read as a formula gets a leading apostrophe.
 */
const quoted = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
const text = (value: string) => quoted(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const dollars = (cents: number) => quoted((cents / 100).toFixed(2));
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function table(header: string[], rows: (string | number)[][]): string {
  return `${[header.map(quoted).join(','), ...rows.map((row) => row.join(','))].join('\r\n')}\r\n`;
}

/** The current period's rows beside the previous period's day at the same position. */
function daily(
  report: AnalyticsReport,
  header: string[],
  pick: (point: AnalyticsReport['daily'][number]) => (string | number)[],
) {
  return table(
    ['Day', ...header, 'Previous period day', ...header.map((name) => `${name} (previous period)`)],
    report.daily.map((point, index) => {
      const before = report.previousDaily[index];
      return [
        quoted(point.day),
        ...pick(point),
        quoted(before?.day ?? ''),
        ...(before ? pick(before) : header.map(() => quoted(''))),
      ];
    }),
  );
}

export function analyticsCsv(chart: AnalyticsChart, report: AnalyticsReport): string {
  switch (chart) {
    case 'bookings-revenue':
      return daily(report, ['Bookings', 'Revenue (USD)', 'Commission (USD)'], (p) => [
        quoted(p.bookings),
        dollars(p.revenueCents),
        dollars(p.commissionCents),
      ]);
    case 'conversion':
      return daily(report, ['Searches', 'Bookings', 'Conversion (%)'], (p) => [
        quoted(p.searches),
        quoted(p.bookings),
        quoted(p.searches ? ((p.bookings / p.searches) * 100).toFixed(2) : ''),
      ]);
    case 'cancellations-refunds':
      return daily(report, ['Cancellations', 'Refunds', 'Refunded (USD)'], (p) => [
        quoted(p.cancellations),
        quoted(p.refunds),
        dollars(p.refundedCents),
      ]);
    case 'signups':
      return daily(report, ['New guests', 'New hosts'], (p) => [quoted(p.newGuests), quoted(p.newHosts)]);
    case 'top-cities':
      return table(
        ['City', 'State', 'Bookings', 'Revenue (USD)'],
        report.topCities.map((c) => [
          text(c.city),
          text(c.stateCode),
          quoted(c.bookings),
          dollars(c.revenueCents),
        ]),
      );
    case 'top-bathrooms':
      return table(
        ['Bathroom', 'Title', 'City', 'Bookings', 'Revenue (USD)'],
        report.topBathrooms.map((b) => [
          quoted(b.bathroomId),
          text(b.title),
          text(b.city),
          quoted(b.bookings),
          dollars(b.revenueCents),
        ]),
      );
    case 'occupancy':
      return table(
        ['Weekday', 'Hour (bathroom local time)', 'Bookings started'],
        report.occupancy.map((cell) => [
          quoted(WEEKDAYS[cell.weekday] ?? ''),
          quoted(cell.hour),
          quoted(cell.bookings),
        ]),
      );
    case 'empty-searches':
      return table(
        ['Latitude (rounded)', 'Longitude (rounded)', 'Searches with no results'],
        report.emptySpots.map((spot) => [
          quoted(spot.latitude.toFixed(2)),
          quoted(spot.longitude.toFixed(2)),
          quoted(spot.searches),
        ]),
      );
  }
}
