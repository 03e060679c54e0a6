import {
  bpsToPercent,
  DEFAULT_COMMISSION_BPS,
  type PlatformSettings,
  percentToBps,
  type UpdateSettingsInput,
} from '../../../common/schemas/settings.ts';
import type { Db } from '../../db/database.ts';
import { type Executor, findSetting, listSettings, type SettingRow, upsertSetting } from './repository.ts';

/**
 * Platform settings an admin changes at /admin/settings (ADR 131). A missing row means the default
 * (PRODUCT.md: 15% commission; the weekly payout run off), so the product works on an empty table.
 * The commission applies to bookings made after a change: the bookings insert reads the same row
 * and records the rate on the booking (ADR 128).
 */

const KEYS = { commission: 'commission_bps', weeklyPayouts: 'weekly_payouts_enabled' } as const;

function commissionBpsOf(value: unknown): number {
  const bps = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(bps) && bps >= 0 && bps <= 5000 ? bps : DEFAULT_COMMISSION_BPS;
}

const weeklyOf = (value: unknown) => value === true;

function toSettings(rows: SettingRow[]): PlatformSettings {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const commissionBps = commissionBpsOf(byKey.get(KEYS.commission)?.value ?? DEFAULT_COMMISSION_BPS);
  // The newest change names who made it; seeded rows have no author.
  const changed = rows
    .filter((row) => row.updated_by)
    .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())[0];
  return {
    commissionBps,
    commissionPercent: bpsToPercent(commissionBps),
    weeklyPayoutsEnabled: weeklyOf(byKey.get(KEYS.weeklyPayouts)?.value),
    updatedAt: changed ? new Date(changed.updated_at).toISOString() : null,
    updatedBy: changed?.updated_by ?? null,
  };
}

export async function getSettings(db: Executor): Promise<PlatformSettings> {
  return toSettings(await listSettings(db));
}

/** The commission in basis points (1500 = 15%) that a booking made now records. */
export async function getCommissionBps(db: Executor): Promise<number> {
  return commissionBpsOf((await findSetting(db, KEYS.commission)) ?? DEFAULT_COMMISSION_BPS);
}

/** The commission as the landing pages' calculator shows it (15, 12.5 …). */
export async function getCommissionPercent(db: Executor): Promise<number> {
  return bpsToPercent(await getCommissionBps(db));
}

/** Whether the weekly payout run pays every host with a payable balance (off by default). */
export async function getWeeklyPayoutsEnabled(db: Executor): Promise<boolean> {
  return weeklyOf(await findSetting(db, KEYS.weeklyPayouts));
}

/** Applies an admin's change, both keys in one transaction, and answers the settings after it. */
export async function updateSettings(
  db: Db,
  adminId: string,
  input: UpdateSettingsInput,
): Promise<PlatformSettings> {
  return db.transaction().execute(async (trx) => {
    if (input.commissionPercent !== undefined) {
      await upsertSetting(trx, KEYS.commission, percentToBps(input.commissionPercent), adminId);
    }
    if (input.weeklyPayoutsEnabled !== undefined) {
      await upsertSetting(trx, KEYS.weeklyPayouts, input.weeklyPayoutsEnabled, adminId);
    }
    return getSettings(trx);
  });
}

export function createSettingsService(deps: { db: Db }) {
  return {
    get: () => getSettings(deps.db),
    commissionBps: () => getCommissionBps(deps.db),
    commissionPercent: () => getCommissionPercent(deps.db),
    weeklyPayoutsEnabled: () => getWeeklyPayoutsEnabled(deps.db),
    update: (adminId: string, input: UpdateSettingsInput) => updateSettings(deps.db, adminId, input),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
