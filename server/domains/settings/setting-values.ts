import {
  bpsToPercent,
  DEFAULT_COMMISSION_BPS,
  percentToBps,
  type SettingValues,
  settingFieldsSchema,
} from '../../../common/schemas/settings.ts';
import type { SettingRow } from './repository.ts';

/**
 * How each setting is stored in platform_settings (ADR 131, 140): its key and its JSON value. The
 * commission is kept in basis points under its first key (the bookings insert reads it there,
 * ADR 128); every other value is stored as the admin set it.
 */
export const SETTING_KEYS: Record<keyof SettingValues, string> = {
  commissionPercent: 'commission_bps',
  freeCancellationMinutes: 'free_cancellation_minutes',
  holdMinutes: 'hold_minutes',
  minimumNoticeMinutes: 'minimum_notice_minutes',
  maxBookingMinutes: 'max_booking_minutes',
  defaultCleaningBufferMinutes: 'default_cleaning_buffer_minutes',
  emailFromName: 'email_from_name',
  emailFromAddress: 'email_from_address',
  supportEmail: 'support_email',
  goNowEnabled: 'go_now_enabled',
  weeklyPayoutsEnabled: 'weekly_payouts_enabled',
  signupsUnderReview: 'signups_under_review',
};

const FIELD_OF_KEY = new Map(Object.entries(SETTING_KEYS).map(([field, key]) => [key, field]));

export function commissionBpsOf(value: unknown): number {
  const bps = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(bps) && bps >= 0 && bps <= 5000 ? bps : DEFAULT_COMMISSION_BPS;
}

/** The JSON a field's value is stored as. */
export function storedValue<K extends keyof SettingValues>(field: K, value: SettingValues[K]): unknown {
  return field === 'commissionPercent' ? percentToBps(value as number) : value;
}

/**
 * The values in force: each stored row read back through the field's own schema, the default for
 * a missing row or one that no longer passes (a bound narrowed since it was saved).
 */
export function valuesOf(rows: SettingRow[], defaults: SettingValues): SettingValues {
  const values: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    const field = FIELD_OF_KEY.get(row.key) as keyof SettingValues | undefined;
    if (!field) continue;
    if (field === 'commissionPercent') {
      values[field] = bpsToPercent(commissionBpsOf(row.value));
      continue;
    }
    const parsed = settingFieldsSchema.shape[field].safeParse(row.value);
    if (parsed.success && parsed.data !== undefined) values[field] = parsed.data;
  }
  return values as SettingValues;
}
