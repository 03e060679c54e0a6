import { z } from 'zod';

/*
 * A host's earnings (ADR 132), read from the ledger (ADR 128). Providers (and anyone the ledger
 * still owes or has paid) only; everyone else is told 403 with how to become a host.
 *
 *   GET /api/earnings?unit=week|month&page=N     → earningsOverviewSchema
 *   GET /api/earnings.csv?month=YYYY-MM          → text/csv, every paid booking (of the month)
 *   GET /api/earnings/statements/:month          → monthlyStatementSchema
 */

export const EARNINGS_PAGE_SIZE = 25;
export const EARNINGS_CHART_PERIODS = 12;
export const EARNINGS_PAYOUTS_SHOWN = 10;
export const EARNINGS_PAYOUT_LINES = 10;

export const earningsUnitSchema = z.enum(['week', 'month']);
export type EarningsUnit = z.infer<typeof earningsUnitSchema>;

export const earningsOverviewQuerySchema = z.strictObject({
  unit: earningsUnitSchema.default('week'),
  page: z.coerce
    .number({ error: 'Use a page number.' })
    .int('Use a whole page number.')
    .min(1, 'Pages start at 1.')
    .max(100_000, 'There are not that many pages.')
    .default(1),
});

export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-11.')
  .refine((month) => Number(month.slice(0, 4)) >= 2000 && Number(month.slice(0, 4)) <= 2100, {
    message: 'Use a month between 2000 and 2100.',
  });
export const statementParamsSchema = z.strictObject({ month: statementMonthSchema });
export const earningsCsvQuerySchema = z.strictObject({ month: statementMonthSchema.optional() });

export const EARNINGS_STATUSES = ['pending', 'payable', 'in_transit', 'paid'] as const;
export type EarningsStatus = (typeof EARNINGS_STATUSES)[number];
export const EARNINGS_STATUS_LABELS: Record<EarningsStatus, string> = {
  pending: 'Pending',
  payable: 'Payable',
  in_transit: 'Payout sent',
  paid: 'Paid',
};

export const earningsTotalsSchema = z.object({
  pendingCents: z.number().int(),
  payableCents: z.number().int(),
  inTransitCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  grossCents: z.number().int(),
  commissionCents: z.number().int(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const earningBookingSchema = z.object({
  id: z.string(),
  bathroomId: z.string(),
  bathroomTitle: z.string(),
  startsAt: z.string(),
  bookingStatus: z.string(),
  commissionPercent: z.number(),
  grossCents: z.number().int(),
  commissionCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  earningsStatus: z.enum(EARNINGS_STATUSES),
  payoutId: z.string().nullable(),
});
export type EarningBooking = z.infer<typeof earningBookingSchema>;

export const earningsPayoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'reversed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** How many bookings it carried; `bookings` lists the newest EARNINGS_PAYOUT_LINES on /earnings. */
  bookingCount: z.number().int(),
  bookings: z.array(
    z.object({
      bookingId: z.string(),
      bathroomTitle: z.string(),
      startsAt: z.string(),
      amountCents: z.number(),
    }),
  ),
});
export type EarningsPayout = z.infer<typeof earningsPayoutSchema>;

export const earningsChartSchema = z.object({
  unit: earningsUnitSchema,
  /** One bar per bathroom with earnings in the range. */
  series: z.array(z.object({ key: z.string(), title: z.string() })),
  /** Oldest first; each period's start (YYYY-MM-DD, host's wall clock) and net cents per series key. */
  periods: z.array(
    z.object({ start: z.string(), label: z.string(), cents: z.record(z.string(), z.number()) }),
  ),
});
export type EarningsChart = z.infer<typeof earningsChartSchema>;

export const earningsOverviewSchema = z.object({
  timeZone: z.string(),
  totals: earningsTotalsSchema,
  chart: earningsChartSchema,
  bookings: z.object({
    rows: z.array(earningBookingSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
  payouts: z.array(earningsPayoutSchema),
  /** Months with paid bookings (YYYY-MM), newest first: the statements there are. */
  months: z.array(z.string()),
  connect: z.object({ linked: z.boolean() }),
});
export type EarningsOverview = z.infer<typeof earningsOverviewSchema>;

export const monthlyStatementSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  host: z.object({ name: z.string(), email: z.string().nullable() }),
  totals: z.object({
    bookings: z.number().int(),
    grossCents: z.number().int(),
    commissionCents: z.number().int(),
    refundedCents: z.number().int(),
    netCents: z.number().int(),
    paidOutCents: z.number().int(),
  }),
  bookings: z.array(earningBookingSchema),
  payouts: z.array(earningsPayoutSchema),
});
export type MonthlyStatement = z.infer<typeof monthlyStatementSchema>;
