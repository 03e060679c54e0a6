import {
  bpsToPercent,
  crossFieldProblem,
  DEFAULT_COMMISSION_BPS,
  defaultSettingValues,
  type PlatformSettings,
  parseMailbox,
  SETTING_FIELDS,
  type SettingValues,
  type UpdateSettingsInput,
} from '../../../common/schemas/settings.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { type Executor, findSetting, listSettings, lockSettings, upsertSetting } from './repository.ts';
import { commissionBpsOf, SETTING_KEYS, storedValue, valuesOf } from './setting-values.ts';
import { createSettingsCache, SETTINGS_CHANGED_EVENT, SETTINGS_CHANNEL } from './settings-cache.ts';

/**
 * Platform settings an admin changes at /admin/settings (ADR 131, 140). A missing row means the
 * default (today's constants; the sender and support address from the deployment's config), so
 * the product works on an empty table. The engines read `current()`, a per-process copy that every
 * process drops when a change commits (settings-cache.ts); the admin page reads the table itself.
 * The commission applies to bookings made after a change: the bookings insert reads its row in
 * the booking's own transaction and records the rate (ADR 128).
 */

export type SettingsDeployment = { mailFrom: string; contactEmail: string };

async function readSettings(db: Executor, defaults: SettingValues): Promise<PlatformSettings> {
  const rows = await listSettings(db);
  const values = valuesOf(rows, defaults);
  // The newest change names who made it; seeded rows have no author.
  const changed = rows
    .filter((row) => row.updated_by)
    .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())[0];
  return {
    ...values,
    commissionBps: Math.round(values.commissionPercent * 100),
    updatedAt: changed ? new Date(changed.updated_at).toISOString() : null,
    updatedBy: changed?.updated_by ?? null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** "Hold minutes 15 → 20, Go now on → off": the audit log's one line. */
function summaryOf(
  before: Partial<Record<keyof SettingValues, unknown>>,
  after: Partial<Record<keyof SettingValues, unknown>>,
): string {
  const show = (value: unknown) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
  const parts = Object.keys(after).map((field) => {
    const key = field as keyof SettingValues;
    return `${field} ${show(before[key])} → ${show(after[key])}`;
  });
  return `Changed ${parts.join(', ')}`;
}

/**
 * Applies an admin's change in one transaction: the rows of the fields whose value changes, the
 * audit entry with their before and after, and the invalidation every process hears on commit.
 */
async function updateSettings(
  db: Db,
  bus: Pick<RealtimeBus, 'publish'>,
  defaults: SettingValues,
  adminId: string,
  input: UpdateSettingsInput,
): Promise<PlatformSettings> {
  return db.transaction().execute(async (trx) => {
    // Two admins saving at once: the second reads what the first left, so its audit entry's
    // "before" is true and the cross-field rules see both changes.
    await lockSettings(trx);
    const current = valuesOf(await listSettings(trx), defaults);
    const next: SettingValues = { ...current };
    const before: Partial<Record<keyof SettingValues, unknown>> = {};
    const after: Partial<Record<keyof SettingValues, unknown>> = {};
    for (const field of SETTING_FIELDS) {
      const value = input[field];
      if (value === undefined || same(value, current[field])) continue;
      (next as Record<string, unknown>)[field] = value;
      before[field] = current[field];
      after[field] = value;
    }
    const problem = crossFieldProblem(next);
    if (problem) {
      throw new AppError('validation_error', problem.message, [
        { field: problem.field, message: problem.message },
      ]);
    }
    const fields = Object.keys(after) as (keyof SettingValues)[];
    if (!fields.length) return readSettings(trx, defaults);
    for (const field of fields) {
      await upsertSetting(trx, SETTING_KEYS[field], storedValue(field, next[field]), adminId);
    }
    await recordAdminAction(trx, {
      actorId: adminId,
      action: 'settings.updated',
      targetType: 'settings',
      targetId: 'platform',
      summary: summaryOf(before, after),
      before,
      after,
    });
    await bus.publish(SETTINGS_CHANNEL, SETTINGS_CHANGED_EVENT, { fields }, trx);
    return readSettings(trx, defaults);
  });
}

/** Whether the weekly payout run pays every host with a payable balance (off by default), read fresh. */
export async function getWeeklyPayoutsEnabled(db: Executor): Promise<boolean> {
  return (await findSetting(db, SETTING_KEYS.weeklyPayoutsEnabled)) === true;
}

/** The commission in basis points (1500 = 15%) that a booking made now records, read fresh. */
export async function getCommissionBps(db: Executor): Promise<number> {
  return commissionBpsOf((await findSetting(db, SETTING_KEYS.commissionPercent)) ?? DEFAULT_COMMISSION_BPS);
}

export function createSettingsService(deps: {
  db: Db;
  bus: Pick<RealtimeBus, 'publish' | 'onEvent' | 'onListeningChange'>;
  deployment: SettingsDeployment;
  cacheTtlMs?: number;
}) {
  const sender = parseMailbox(deps.deployment.mailFrom);
  const defaults = defaultSettingValues({
    emailFromName: sender.name,
    emailFromAddress: sender.address,
    supportEmail: deps.deployment.contactEmail,
  });
  const cache = createSettingsCache({
    load: async () => valuesOf(await listSettings(deps.db), defaults),
    bus: deps.bus,
    ...(deps.cacheTtlMs !== undefined ? { ttlMs: deps.cacheTtlMs } : {}),
  });
  return {
    /** The settings as stored now, for the admin page (read fresh). */
    get: () => readSettings(deps.db, defaults),
    defaults,
    /** The values in force, from this process's copy: what bookings, search and sign-up read. */
    current: () => cache.current(),
    /** Drops this process's copy (tests that empty the table; a change invalidates by itself). */
    invalidate: () => cache.invalidate(),
    /** The commission in basis points (1500 = 15%) that a booking made now records. */
    commissionBps: () => getCommissionBps(deps.db),
    /** The commission as the landing pages' calculator shows it (15, 12.5 …), read fresh. */
    commissionPercent: async () => bpsToPercent(await getCommissionBps(deps.db)),
    weeklyPayoutsEnabled: () => getWeeklyPayoutsEnabled(deps.db),
    update: async (adminId: string, input: UpdateSettingsInput) => {
      const settings = await updateSettings(deps.db, deps.bus, defaults, adminId, input);
      // This process need not wait for its own NOTIFY to come back.
      cache.invalidate();
      return settings;
    },
    close: () => cache.close(),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
