import { z } from 'zod';
import { FULL_REFUND_NOTICE_MINUTES } from '../cancellation-policy.ts';
import { BOOKING_GRID_MINUTES } from '../constants.ts';
import { HOLD_MINUTES } from './bookings.ts';
import { GO_NOW_WINDOW_MINUTES } from './go-now.ts';
import { ALLOWED_DURATIONS, CLEANING_BUFFERS } from './properties.ts';
import { singleLineText } from './text.ts';

/*
 * Platform settings (PRODUCT.md "Money", "Time and availability", "Accounts"; ADR 131, 140). Admins only.
 *
 *   GET /api/admin/settings                            → settingsResponseSchema
 *   PUT /api/admin/settings   updateSettingsSchema     → settingsResponseSchema
 *
 * Each value's default is today's constant, so nothing changes until an admin saves something.
 * The commission travels as a percent with at most two decimals (15, 12.5, 7.25) and is stored in
 * basis points (1500); a change applies to bookings made after it (each booking records its rate).
 */

export const COMMISSION_PERCENT_MIN = 0;
export const COMMISSION_PERCENT_MAX = 50;
/** PRODUCT.md's rate, used while no admin has set one. */
export const DEFAULT_COMMISSION_BPS = 1500;

/** The bounds of each number an admin may set (minutes unless named otherwise). */
export const SETTING_BOUNDS = {
  freeCancellationMinutes: { min: 0, max: 1440 },
  holdMinutes: { min: 5, max: 60 },
  minimumNoticeMinutes: { min: 0, max: 1440 },
  // A booking is at least one grid step long (spec §9) and at most the longest duration offered.
  maxBookingMinutes: { min: BOOKING_GRID_MINUTES, max: Math.max(...ALLOWED_DURATIONS) },
} as const;

export const commissionPercentSchema = z
  .number({ error: 'Enter the commission as a percent.' })
  .min(COMMISSION_PERCENT_MIN, `Enter ${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent.`)
  .max(COMMISSION_PERCENT_MAX, `Enter ${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent.`)
  // Two decimals at most: 12.34% is 1234 basis points, a whole number.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'Use at most two decimals.',
  });

function minutes(name: keyof typeof SETTING_BOUNDS, unit = 'minutes') {
  const { min, max } = SETTING_BOUNDS[name];
  const message = `Enter whole ${unit} from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const maxBookingMinutesSchema = minutes('maxBookingMinutes').refine(
  (value) => value % BOOKING_GRID_MINUTES === 0,
  `Use a multiple of ${BOOKING_GRID_MINUTES} minutes: bookings sit on a ${BOOKING_GRID_MINUTES}-minute grid.`,
);

const cleaningBufferMessage = `Choose ${CLEANING_BUFFERS.join(', ')} minutes.`;
const emailMessage = 'Enter an email address like support@example.com.';
const emailSchema = z.email({ error: emailMessage }).max(254, emailMessage);

/** Every setting an admin may change, each optional: a section saves only its own fields. */
export const settingFieldsSchema = z.strictObject({
  commissionPercent: commissionPercentSchema.optional(),
  freeCancellationMinutes: minutes('freeCancellationMinutes').optional(),
  holdMinutes: minutes('holdMinutes').optional(),
  minimumNoticeMinutes: minutes('minimumNoticeMinutes').optional(),
  maxBookingMinutes: maxBookingMinutesSchema.optional(),
  defaultCleaningBufferMinutes: z.literal(CLEANING_BUFFERS, { error: cleaningBufferMessage }).optional(),
  emailFromName: singleLineText({ error: 'Enter the sender’s name.' })
    .trim()
    .min(1, 'Enter the sender’s name.')
    .max(80, 'Keep the name under 80 characters.')
    // A mail header's display name: angle brackets and quotes would change whom it names.
    .refine((value) => !/[<>"]/.test(value), 'Leave out < > and " in the name.')
    .optional(),
  emailFromAddress: emailSchema.optional(),
  supportEmail: emailSchema.optional(),
  goNowEnabled: z.boolean({ error: 'Choose on or off.' }).optional(),
  weeklyPayoutsEnabled: z.boolean({ error: 'Choose on or off.' }).optional(),
  signupsUnderReview: z.boolean({ error: 'Choose on or off.' }).optional(),
});

export const SETTING_FIELDS = Object.keys(settingFieldsSchema.shape) as (keyof SettingValues)[];

export const updateSettingsSchema = settingFieldsSchema.refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  { message: 'Change at least one setting.', path: ['commissionPercent'] },
);
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** The values in force: what the engines read. */
export const settingValuesSchema = z.object({
  commissionPercent: z.number(),
  freeCancellationMinutes: z.number().int(),
  holdMinutes: z.number().int(),
  minimumNoticeMinutes: z.number().int(),
  maxBookingMinutes: z.number().int(),
  defaultCleaningBufferMinutes: z.number().int(),
  emailFromName: z.string(),
  emailFromAddress: z.string(),
  supportEmail: z.string(),
  goNowEnabled: z.boolean(),
  weeklyPayoutsEnabled: z.boolean(),
  signupsUnderReview: z.boolean(),
});
export type SettingValues = z.infer<typeof settingValuesSchema>;

export const platformSettingsSchema = settingValuesSchema.extend({
  commissionBps: z.number().int(),
  /** When and by whom the settings were last changed; null while they are the defaults. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const settingsResponseSchema = z.object({
  settings: platformSettingsSchema,
  /** What each setting is while no admin has set it (the sender and support address come from the deployment). */
  defaults: settingValuesSchema,
});

/** Today's constants: the values in force until an admin changes one. */
export function defaultSettingValues(deployment: {
  emailFromName: string;
  emailFromAddress: string;
  supportEmail: string;
}): SettingValues {
  return {
    commissionPercent: bpsToPercent(DEFAULT_COMMISSION_BPS),
    freeCancellationMinutes: FULL_REFUND_NOTICE_MINUTES,
    holdMinutes: HOLD_MINUTES,
    minimumNoticeMinutes: 0,
    maxBookingMinutes: SETTING_BOUNDS.maxBookingMinutes.max,
    defaultCleaningBufferMinutes: 0,
    ...deployment,
    goNowEnabled: true,
    weeklyPayoutsEnabled: false,
    signupsUnderReview: false,
  };
}

/**
 * Rules across fields, checked on the values a change would leave in force (a section saves only
 * its own fields, so the other side of a rule may be a value saved earlier). Null when it holds.
 */
export function crossFieldProblem(
  values: SettingValues,
): { field: keyof SettingValues; message: string } | null {
  // Go now offers starts within its window: a longer notice would leave it empty every time.
  if (values.goNowEnabled && values.minimumNoticeMinutes > GO_NOW_WINDOW_MINUTES) {
    return {
      field: 'minimumNoticeMinutes',
      message: `Go now books within ${GO_NOW_WINDOW_MINUTES} minutes: keep the notice at ${GO_NOW_WINDOW_MINUTES} minutes or less, or switch Go now off first.`,
    };
  }
  return null;
}

/** "Privy <no-reply@privy.localhost>" → its name and address (MAIL_FROM's form). */
export function parseMailbox(text: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(text);
  if (match) return { name: match[1]?.trim() || 'Privy', address: (match[2] ?? '').trim() };
  return { name: 'Privy', address: text.trim() };
}

export const bpsToPercent = (bps: number) => bps / 100;
export const percentToBps = (percent: number) => Math.round(percent * 100);
