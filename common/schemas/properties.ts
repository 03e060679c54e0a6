import { z } from 'zod';
import { LISTING_STEPS } from '../listing-steps.ts';
import {
  ACCESSIBILITY_FEATURES,
  type AccessibilityId,
  AMENITIES,
  type AmenityId,
} from '../property-features.ts';
import { listingHoldSchema } from './listing-moderation.ts';
import { profileLocationSchema } from './location.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * A host's bathroom ("property"): the one schema per input, used by the API routes, the OpenAPI
 * docs and the /manage forms alike. Money is stored in integer cents; forms take dollars.
 * See ADRs 065–069.
 */

export const TITLE_MIN = 3;
export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 5000;
export const HOUSE_RULES_MAX = 2000;
export const ACCESS_INSTRUCTIONS_MAX = 2000;
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 20_000;
/** What a new draft charges until its host sets a price: a typical city-centre rate (ADR 065). */
export const DEFAULT_PRICE_CENTS = 1000;
export const ALLOWED_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const CLEANING_BUFFERS = [0, 5, 10, 15] as const;
export const MAX_PHOTOS = 10;
export const PHOTO_ALT_MAX = 200;
/** PRODUCT.md: a new bathroom opens every day from 08:00 to 20:00 until its host says otherwise. */
export const DEFAULT_OPENING_HOURS = { opens: '08:00', closes: '20:00' } as const;
export const MAX_RANGES_PER_DAY = 6;

export const PROPERTY_STATUSES = ['draft', 'published', 'unlisted'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

// The feature lists live in a zod-free module so pages can show them without loading zod.
export {
  ACCESSIBILITY_FEATURES,
  type AccessibilityId,
  AMENITIES,
  type AmenityId,
  type PropertyFeature,
} from '../property-features.ts';

const amenityIds = AMENITIES.map((item) => item.id) as [AmenityId, ...AmenityId[]];
const accessibilityIds = ACCESSIBILITY_FEATURES.map((item) => item.id) as [
  AccessibilityId,
  ...AccessibilityId[],
];

export const titleSchema = singleLineText()
  .trim()
  .min(TITLE_MIN, `Give your bathroom a title of at least ${TITLE_MIN} characters.`)
  .max(TITLE_MAX, `Titles can be at most ${TITLE_MAX} characters.`);
export const descriptionSchema = multiLineText()
  .trim()
  .max(DESCRIPTION_MAX, `Descriptions can be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`);
export const priceCentsSchema = z
  .number({ error: 'Enter an hourly price.' })
  .int('Prices are whole cents.')
  .min(PRICE_MIN_CENTS, 'The hourly price must be at least $1.')
  .max(PRICE_MAX_CENTS, 'The hourly price can be at most $200.');
/** The form's price field, in dollars (two decimals at most), turned into cents. */
export const priceDollarsSchema = z
  .number({ error: 'Enter an hourly price.' })
  .min(PRICE_MIN_CENTS / 100, 'The hourly price must be at least $1.')
  .max(PRICE_MAX_CENTS / 100, 'The hourly price can be at most $200.')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use dollars and cents.');
export const allowedDurationsSchema = z
  .array(z.literal(ALLOWED_DURATIONS, { error: `Durations are ${ALLOWED_DURATIONS.join(', ')} minutes.` }))
  .min(1, 'Allow at least one booking length.')
  .refine((list) => new Set(list).size === list.length, 'Each booking length once, please.');
export const cleaningBufferSchema = z.literal(CLEANING_BUFFERS, {
  error: `The cleaning buffer is ${CLEANING_BUFFERS.join(', ')} minutes.`,
});
export const amenitiesSchema = z
  .array(z.enum(amenityIds, { error: 'Pick amenities from the list.' }))
  .refine((list) => new Set(list).size === list.length, 'Each amenity once, please.');
export const accessibilitySchema = z
  .array(z.enum(accessibilityIds, { error: 'Pick accessibility features from the list.' }))
  .refine((list) => new Set(list).size === list.length, 'Each feature once, please.');
export const houseRulesSchema = multiLineText()
  .trim()
  .max(HOUSE_RULES_MAX, `House rules can be at most ${HOUSE_RULES_MAX.toLocaleString('en-US')} characters.`);
export const accessInstructionsSchema = multiLineText()
  .trim()
  .max(
    ACCESS_INSTRUCTIONS_MAX,
    `Access instructions can be at most ${ACCESS_INSTRUCTIONS_MAX.toLocaleString('en-US')} characters.`,
  );

/** The exact address: spec §3 Location; lat/lon are where the pin stands. */
export const propertyLocationSchema = profileLocationSchema;

const editableFields = {
  title: titleSchema,
  description: descriptionSchema,
  location: propertyLocationSchema,
  hourly_price_cents: priceCentsSchema,
  allowed_durations: allowedDurationsSchema,
  cleaning_buffer_minutes: cleaningBufferSchema,
  amenities: amenitiesSchema,
  accessibility: accessibilitySchema,
  house_rules: houseRulesSchema,
  access_instructions: accessInstructionsSchema,
};

/** POST /api/properties: a draft needs a title and an address; the rest has defaults. */
export const createPropertySchema = z.strictObject({
  title: titleSchema,
  location: propertyLocationSchema,
  description: descriptionSchema.optional(),
  hourly_price_cents: priceCentsSchema.optional(),
  allowed_durations: allowedDurationsSchema.optional(),
  cleaning_buffer_minutes: cleaningBufferSchema.optional(),
  amenities: amenitiesSchema.optional(),
  accessibility: accessibilitySchema.optional(),
  house_rules: houseRulesSchema.optional(),
  access_instructions: accessInstructionsSchema.optional(),
});
export type CreatePropertyInput = z.infer<typeof createPropertySchema>;

/** PATCH /api/properties/:id: any of the editable fields. */
export const updatePropertySchema = z
  .strictObject({
    title: editableFields.title.optional(),
    description: editableFields.description.optional(),
    location: editableFields.location.optional(),
    hourly_price_cents: editableFields.hourly_price_cents.optional(),
    allowed_durations: editableFields.allowed_durations.optional(),
    cleaning_buffer_minutes: editableFields.cleaning_buffer_minutes.optional(),
    amenities: editableFields.amenities.optional(),
    accessibility: editableFields.accessibility.optional(),
    house_rules: editableFields.house_rules.optional(),
    access_instructions: editableFields.access_instructions.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
  });
export type UpdatePropertyInput = z.infer<typeof updatePropertySchema>;

/** 'HH:MM' on a 24-hour clock; '24:00' closes at midnight. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
export const openingTimeSchema = singleLineText().regex(CLOCK, 'Use a time like 08:00.');
export const closingTimeSchema = singleLineText().refine(
  (value) => value === '24:00' || CLOCK.test(value),
  'Use a time like 20:00 (or 24:00 for midnight).',
);

export const openingRangeSchema = z.strictObject({
  weekday: z
    .number()
    .int()
    .min(1, 'Weekdays run from 1 (Monday) to 7 (Sunday).')
    .max(7, 'Weekdays run from 1 (Monday) to 7 (Sunday).'),
  opens: openingTimeSchema,
  closes: closingTimeSchema,
});
export type OpeningRange = z.infer<typeof openingRangeSchema>;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Checks a week of ranges: each starts before it ends and none overlaps another on its day. */
export function openingRangeIssues(
  ranges: OpeningRange[],
): { index: number; field: string; message: string }[] {
  const issues: { index: number; field: string; message: string }[] = [];
  ranges.forEach((range, index) => {
    if (!CLOCK.test(range.opens) || !(range.closes === '24:00' || CLOCK.test(range.closes))) return;
    if (minutesOf(range.opens) >= minutesOf(range.closes)) {
      issues.push({ index, field: 'closes', message: 'Closing time must be after opening time.' });
      return;
    }
    const clash = ranges.findIndex(
      (other, j) =>
        j < index &&
        other.weekday === range.weekday &&
        minutesOf(other.opens) < minutesOf(range.closes) &&
        minutesOf(range.opens) < minutesOf(other.closes),
    );
    if (clash >= 0)
      issues.push({ index, field: 'opens', message: 'This range overlaps another one that day.' });
  });
  for (let weekday = 1; weekday <= 7; weekday++) {
    const count = ranges.filter((range) => range.weekday === weekday).length;
    if (count > MAX_RANGES_PER_DAY) {
      const index = ranges.findLastIndex((range) => range.weekday === weekday);
      issues.push({ index, field: 'weekday', message: `At most ${MAX_RANGES_PER_DAY} ranges a day.` });
    }
  }
  return issues;
}

/** PUT /api/properties/:id/opening-hours: the whole week; an absent weekday is closed. */
export const openingHoursSchema = z
  .strictObject({ ranges: z.array(openingRangeSchema).max(7 * MAX_RANGES_PER_DAY) })
  .superRefine((value, context) => {
    for (const issue of openingRangeIssues(value.ranges)) {
      context.addIssue({
        code: 'custom',
        path: ['ranges', issue.index, issue.field],
        message: issue.message,
      });
    }
  });
export type OpeningHoursInput = z.infer<typeof openingHoursSchema>;

/** PUT /api/properties/:id/photos/order: every photo id once, cover first. */
export const photoOrderSchema = z.strictObject({
  photo_ids: z.array(z.uuid('Photo ids are UUIDs.')).min(1).max(MAX_PHOTOS),
});

/** PATCH /api/properties/:id/photos/:photoId: the host's description; empty brings back the default. */
export const PHOTO_ALT_TOO_LONG = `Keep the description to ${PHOTO_ALT_MAX} characters or fewer.`;
export const photoAltSchema = z.strictObject({
  alt: singleLineText({ error: 'Describe the photo in words.' })
    .trim()
    .max(PHOTO_ALT_MAX, PHOTO_ALT_TOO_LONG),
});
export type PhotoAltInput = z.infer<typeof photoAltSchema>;

/**
 * The alt text a photo is shown with: the host's description, else one made from the listing's
 * title and the photo's place ("Sunny washroom — photo 2"), so no image is ever left unnamed.
 */
export function photoAltText(alt: string | null | undefined, title: string, position: number): string {
  return alt?.trim() || `${title} — photo ${position + 1}`;
}

export const propertyIdParamsSchema = z.strictObject({ id: z.uuid('That is not a listing id.') });
export const photoParamsSchema = z.strictObject({
  id: z.uuid('That is not a listing id.'),
  photoId: z.uuid('That is not a photo id.'),
});

// ---- What the API answers ----

export const photoViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  url: z.string(),
  srcset: z.string(),
  /** What the img alt says: the host's description or the default made from the title. */
  alt: z.string(),
  /** True while the host has not described the photo (the form then shows an empty field). */
  alt_is_default: z.boolean(),
  width: z.number(),
  height: z.number(),
});
export type PhotoView = z.infer<typeof photoViewSchema>;

export const openingRangeViewSchema = z.object({
  weekday: z.number(),
  opens: z.string(),
  closes: z.string(),
});

/** Everything a guest may see: no exact address, no access instructions. */
export const publicListingSchema = z.object({
  id: z.string(),
  host_id: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  public_latitude: z.number(),
  public_longitude: z.number(),
  timezone: z.string(),
  hourly_price_cents: z.number(),
  allowed_durations: z.array(z.number()),
  cleaning_buffer_minutes: z.number(),
  amenities: z.array(z.string()),
  accessibility: z.array(z.string()),
  house_rules: z.string(),
  rating_average: z.number().nullable(),
  rating_count: z.number(),
  published_at: z.string().nullable(),
  photos: z.array(photoViewSchema),
  opening_hours: z.array(openingRangeViewSchema),
});
export type PublicListing = z.infer<typeof publicListingSchema>;

/** The host's (and an admin's) view: the public one plus the private parts and the status. */
export const propertyViewSchema = publicListingSchema.extend({
  status: z.enum(PROPERTY_STATUSES),
  location: propertyLocationSchema,
  latitude: z.number(),
  longitude: z.number(),
  access_instructions: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What still stops publishing; empty when the listing may go live. */
  missing_for_publish: z.array(z.string()),
  /** The same list with the field each item is about, so the publish step can point to its fix. */
  publish_missing: z.array(z.object({ field: z.string(), message: z.string() })),
  /** The add-a-bathroom steps already done (ADR 117): a draft reopens at the first one left. */
  completed_steps: z.array(z.enum(LISTING_STEPS)),
  /** An admin's hold (ADR 136): why Privy unpublished it; only an admin lifts it. */
  admin_hold: listingHoldSchema,
});
export type PropertyView = z.infer<typeof propertyViewSchema>;

export const propertySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PROPERTY_STATUSES),
  city: z.string(),
  state_code: z.string(),
  hourly_price_cents: z.number(),
  cover: photoViewSchema.nullable(),
  photo_count: z.number(),
  updated_at: z.string(),
  completed_steps: z.array(z.enum(LISTING_STEPS)),
  /** Unpublished by an admin (ADR 136): only an admin can publish it again. */
  admin_hold: z.boolean(),
});
export type PropertySummary = z.infer<typeof propertySummarySchema>;

export const propertyListSchema = z.object({ properties: z.array(propertySummarySchema) });

/**
 * What missing_for_publish says while the host's payout account is not linked (ADR 095); the
 * publish panel shows it with a link to /manage/stripe-connect.
 */
export const PAYOUTS_MISSING =
  'Link your Stripe account (Payouts, /manage/stripe-connect) so you can be paid.';
