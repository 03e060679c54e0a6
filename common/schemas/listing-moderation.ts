import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

/*
 * Listing moderation (ADR 136): admins review every listing at /admin/properties, put a hold on one
 * (unpublish with a reason, which only an admin lifts), feature published ones on the home page,
 * and resolve guests' reports.
 *
 *   GET  /api/admin/properties                   adminListingsQuerySchema → adminListingsPageSchema
 *   GET  /api/admin/properties/:id               → adminListingDetailSchema
 *   POST /api/admin/properties/:id/unpublish     unpublishListingSchema
 *   POST /api/admin/properties/:id/republish     {}
 *   POST /api/admin/properties/:id/feature       {}
 *   POST /api/admin/properties/:id/unfeature     {}
 *   POST /api/admin/properties/:id/reports/:reportId/dismiss  {}
 *   POST /api/properties/:id/reports             reportListingSchema (any signed-in member)
 */

export const ADMIN_LISTINGS_PAGE_SIZE = 25;

export const ADMIN_LISTING_STATUS_FILTERS = ['all', 'draft', 'published', 'unlisted', 'held'] as const;
export type AdminListingStatusFilter = (typeof ADMIN_LISTING_STATUS_FILTERS)[number];

export const ADMIN_LISTING_STATUS_LABELS: Record<AdminListingStatusFilter, string> = {
  all: 'Any status',
  draft: 'Draft',
  published: 'Published',
  unlisted: 'Unpublished',
  held: 'Unpublished by an admin',
};

/** yes, no, or (absent or empty, as a form's "Any" sends it) either. */
const flag = z
  .preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['yes', 'no'], { error: 'Answer yes or no.' }).optional(),
  )
  .transform((value) => (value === undefined ? undefined : value === 'yes'));

export const adminListingsQuerySchema = z.strictObject({
  /** Words of the title, anywhere, any case. */
  q: singleLineText().trim().max(100, 'Search with at most 100 characters.').optional(),
  /** The host's name or email, anywhere, any case. */
  host: singleLineText().trim().max(100, 'Search with at most 100 characters.').optional(),
  city: singleLineText().trim().max(80, 'Give a city of at most 80 characters.').optional(),
  status: z.enum(ADMIN_LISTING_STATUS_FILTERS, { error: 'Choose a status to filter by.' }).default('all'),
  reported: flag,
  featured: flag,
  page: z.coerce
    .number({ error: 'Give the page as a number.' })
    .int('Give the page as a whole number.')
    .min(1, 'Pages start at 1.')
    .max(10_000, 'That page is too far.')
    .default(1),
});
export type AdminListingsQuery = z.input<typeof adminListingsQuerySchema>;
export type AdminListingsFilters = z.output<typeof adminListingsQuerySchema>;

export const adminListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'unlisted']),
  held: z.boolean(),
  featured: z.boolean(),
  city: z.string(),
  state_code: z.string(),
  hourly_price_cents: z.number(),
  host_id: z.string(),
  host_name: z.string(),
  host_email: z.string().nullable(),
  open_reports: z.number(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

export const adminListingsPageSchema = z.object({
  listings: z.array(adminListingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminListingsPage = z.infer<typeof adminListingsPageSchema>;

export const REPORT_REASONS = ['inaccurate', 'unsafe', 'unclean', 'offensive', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inaccurate: 'The listing is not accurate',
  unsafe: 'It is unsafe',
  unclean: 'It was not clean',
  offensive: 'Offensive photos or words',
  scam: 'It looks like a scam',
  other: 'Something else',
};

export const reportListingSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: 'Choose what is wrong.' }),
  details: multiLineText().trim().max(1000, 'Keep the details under 1,000 characters.').default(''),
});
export type ReportListingInput = z.input<typeof reportListingSchema>;

export const unpublishListingSchema = z.strictObject({
  reason: multiLineText()
    .trim()
    .min(1, 'Say why, so the host can fix it.')
    .max(500, 'Keep the reason under 500 characters.'),
  /** A report this decision answers: it is closed as acted on, with the others still open. */
  report_id: z.uuid('That is not a report id.').optional(),
});
export type UnpublishListingInput = z.input<typeof unpublishListingSchema>;

export const reportParamsSchema = z.strictObject({
  id: z.uuid('That is not a listing id.'),
  reportId: z.uuid('That is not a report id.'),
});

export const listingReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  reporter_id: z.string(),
  reporter_name: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type ListingReport = z.infer<typeof listingReportSchema>;

export const adminListingDetailSchema = z.object({
  listing: adminListingSchema.extend({
    description: z.string(),
    address: z.string(),
    timezone: z.string(),
    photos: z.array(z.object({ url: z.string(), alt: z.string() })),
    opening_hours: z.array(z.object({ weekday: z.number(), opens: z.string(), closes: z.string() })),
    hold_reason: z.string().nullable(),
    held_at: z.string().nullable(),
    featured_at: z.string().nullable(),
    published_at: z.string().nullable(),
  }),
  reports: z.array(listingReportSchema),
  bookings: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      starts_at: z.string(),
      guest_name: z.string(),
      price_cents: z.number(),
    }),
  ),
});
export type AdminListingDetail = z.infer<typeof adminListingDetailSchema>;

/** What a host's own listing page shows of an admin's hold (the host cannot lift it). */
export const listingHoldSchema = z.object({ reason: z.string(), held_at: z.string() }).nullable();
export type ListingHold = z.infer<typeof listingHoldSchema>;
