import { z } from 'zod';

/*
 * Platform settings (PRODUCT.md "Money"; ADR 131). Admins only.
 *
 *   GET /api/admin/settings                            → platformSettingsSchema
 *   PUT /api/admin/settings   updateSettingsSchema     → platformSettingsSchema
 *
 * The commission travels as a percent with at most two decimals (15, 12.5, 7.25) and is stored in
 * basis points (1500); a change applies to bookings made after it (each booking records its rate).
 */

export const COMMISSION_PERCENT_MIN = 0;
export const COMMISSION_PERCENT_MAX = 50;
/** PRODUCT.md's rate, used while no admin has set one. */
export const DEFAULT_COMMISSION_BPS = 1500;

export const commissionPercentSchema = z
  .number({ error: 'Enter the commission as a percent.' })
  .min(COMMISSION_PERCENT_MIN, `Enter ${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent.`)
  .max(COMMISSION_PERCENT_MAX, `Enter ${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent.`)
  // Two decimals at most: 12.34% is 1234 basis points, a whole number.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'Use at most two decimals.',
  });

export const updateSettingsSchema = z
  .strictObject({
    commissionPercent: commissionPercentSchema.optional(),
    weeklyPayoutsEnabled: z.boolean({ error: 'Choose on or off.' }).optional(),
  })
  .refine((body) => body.commissionPercent !== undefined || body.weeklyPayoutsEnabled !== undefined, {
    message: 'Change at least one setting.',
    path: ['commissionPercent'],
  });
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const platformSettingsSchema = z.object({
  commissionPercent: z.number(),
  commissionBps: z.number().int(),
  weeklyPayoutsEnabled: z.boolean(),
  /** When and by whom the settings were last changed; null while they are the defaults. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const bpsToPercent = (bps: number) => bps / 100;
export const percentToBps = (percent: number) => Math.round(percent * 100);
