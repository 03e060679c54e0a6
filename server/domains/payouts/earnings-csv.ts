import { EARNINGS_STATUS_LABELS, type EarningBooking } from '../../../common/schemas/earnings.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';

/**
 * The earnings CSV (ADR 132): one line per paid booking, amounts in US dollars with cents (plain
 * numbers a spreadsheet sums), dates on the host's wall clock. Every field is quoted; a text field
 * that a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading apostrophe.
 */

const HEADER = [
  'Booking',
  'Date',
  'Bathroom',
  'Booking status',
  'Commission rate (%)',
  'Gross (USD)',
  'Commission (USD)',
  'Refunds (USD)',
  'Net (USD)',
  'Earnings status',
  'Payout',
];

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
/** Text someone typed (a bathroom's title): never read as a formula. */
const field = (value: string) => quoted(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
/** An amount as a plain number, its sign kept. */
const dollars = (cents: number) => quoted((cents / 100).toFixed(2));

export function earningsCsv(rows: EarningBooking[], timeZone: string): string {
  const lines = [HEADER.map(field).join(',')];
  for (const row of rows) {
    lines.push(
      [
        field(row.id),
        field(formatWallClock(row.startsAt, timeZone, { zoneName: true })),
        field(row.bathroomTitle),
        field(row.bookingStatus),
        quoted(String(row.commissionPercent)),
        dollars(row.grossCents),
        dollars(row.commissionCents),
        dollars(row.refundedCents),
        dollars(row.netCents),
        field(EARNINGS_STATUS_LABELS[row.earningsStatus]),
        field(row.payoutId ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
