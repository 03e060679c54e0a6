import { CLEANING_BUFFERS } from '../../../common/schemas/properties.ts';
import {
  COMMISSION_PERCENT_MAX,
  COMMISSION_PERCENT_MIN,
  SETTING_BOUNDS,
  type SettingValues,
  type UpdateSettingsInput,
} from '../../../common/schemas/settings.ts';

/**
 * The /admin/settings page's sections (ADR 140): which fields each holds, how each is labelled and
 * explained, and how a section's form is read back into the settings contract. One list, so the
 * form, the history and the action agree on every field.
 */

export type SettingField = keyof SettingValues;
export type FieldKind = 'percent' | 'minutes' | 'buffer' | 'text' | 'email' | 'switch';

export type FieldMeta = {
  label: string;
  help: string;
  kind: FieldKind;
  min?: number;
  max?: number;
  step?: number;
};

export const FIELD_META: Record<SettingField, FieldMeta> = {
  commissionPercent: {
    label: 'Commission on each booking',
    help: `What Privy keeps from each booking's price, ${COMMISSION_PERCENT_MIN} to ${COMMISSION_PERCENT_MAX} percent with up to two decimals. A new rate applies to bookings made after you save it; each booking keeps the rate it was made at.`,
    kind: 'percent',
    min: COMMISSION_PERCENT_MIN,
    max: COMMISSION_PERCENT_MAX,
    step: 0.5,
  },
  freeCancellationMinutes: {
    label: 'Free cancellation window',
    help: 'A guest who cancels at least this long before the start gets everything back; later, half; after the start, nothing. Hosts and admins always refund in full.',
    kind: 'minutes',
    ...SETTING_BOUNDS.freeCancellationMinutes,
    step: 15,
  },
  holdMinutes: {
    label: 'Checkout hold',
    help: 'How long an unpaid booking keeps its time while the guest pays. Then it expires and the time is free again.',
    kind: 'minutes',
    ...SETTING_BOUNDS.holdMinutes,
    step: 5,
  },
  minimumNoticeMinutes: {
    label: 'Minimum notice',
    help: 'How soon a booking may start. 0 lets a guest take the slot starting now. Go now needs 15 minutes or less.',
    kind: 'minutes',
    ...SETTING_BOUNDS.minimumNoticeMinutes,
    step: 15,
  },
  maxBookingMinutes: {
    label: 'Longest booking',
    help: 'Bookings longer than this are refused and search finds nothing for them. A multiple of 15 minutes.',
    kind: 'minutes',
    ...SETTING_BOUNDS.maxBookingMinutes,
    step: 15,
  },
  defaultCleaningBufferMinutes: {
    label: 'Cleaning break for new listings',
    help: 'The break after each booking that a new listing starts with. Hosts can change it on their listing; existing listings keep theirs.',
    kind: 'buffer',
  },
  emailFromName: {
    label: 'Sender name',
    help: 'The name people see on every email Privy sends.',
    kind: 'text',
  },
  emailFromAddress: {
    label: 'Sender address',
    help: 'The From address of every email. Your mail provider must allow Privy to send from it.',
    kind: 'email',
  },
  supportEmail: {
    label: 'Support address',
    help: 'Where people who are blocked or stuck are told to write.',
    kind: 'email',
  },
  goNowEnabled: {
    label: 'Go now',
    help: 'The one-tap path to the nearest bathroom free in the next 15 minutes. Off hides its button everywhere and its API refuses.',
    kind: 'switch',
  },
  weeklyPayoutsEnabled: {
    label: 'Weekly payouts',
    help: 'Once a week Privy pays every host’s payable balance to their linked Stripe account, like Pay all on the provider payouts page.',
    kind: 'switch',
  },
  signupsUnderReview: {
    label: 'Review new sign-ups',
    help: 'On: a newly registered account starts “under review” and cannot use Privy until an admin activates it at Users. Existing accounts are not affected.',
    kind: 'switch',
  },
};

export const SECTIONS = [
  {
    id: 'money',
    title: 'Money',
    description: 'What Privy keeps from each booking.',
    fields: ['commissionPercent'],
  },
  {
    id: 'bookings',
    title: 'Bookings',
    description: 'The rules every booking and search follows. Changes apply to the next booking.',
    fields: [
      'freeCancellationMinutes',
      'holdMinutes',
      'minimumNoticeMinutes',
      'maxBookingMinutes',
      'defaultCleaningBufferMinutes',
    ],
  },
  {
    id: 'email',
    title: 'Email',
    description: 'Who Privy’s emails come from, and where people write for help.',
    fields: ['emailFromName', 'emailFromAddress', 'supportEmail'],
  },
  {
    id: 'features',
    title: 'Features',
    description: 'Parts of Privy you can switch on or off.',
    fields: ['goNowEnabled', 'weeklyPayoutsEnabled', 'signupsUnderReview'],
  },
] as const satisfies readonly { id: string; title: string; description: string; fields: SettingField[] }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

export const CLEANING_BUFFER_OPTIONS = CLEANING_BUFFERS.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'No break' : `${minutes} minutes`,
}));

/** A value as a person reads it: "15%", "60 minutes", "On". */
export function formatSetting(field: SettingField, value: unknown): string {
  const kind = FIELD_META[field].kind;
  if (value === null || value === undefined) return '—';
  if (kind === 'switch') return value ? 'On' : 'Off';
  if (kind === 'percent') return `${value}%`;
  if (kind === 'minutes' || kind === 'buffer') return value === 0 ? '0 minutes' : `${value} minutes`;
  return String(value);
}

const number = (text: FormDataEntryValue | null) => {
  // The field shows a suffix ("12.5%", "20 min"): keep the number only.
  const cleaned = String(text ?? '').replace(/[^0-9.-]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
};

/**
 * A section's form as the settings contract: only that section's fields. Numbers arrive as the
 * field shows them ("12.5%"); an unchecked switch sends nothing, which means off.
 */
export function sectionInput(form: FormData): { section: SectionId | null; input: Record<string, unknown> } {
  const section = SECTIONS.find((candidate) => candidate.id === form.get('section'));
  if (!section) return { section: null, input: {} };
  const input: Record<string, unknown> = {};
  for (const field of section.fields as readonly SettingField[]) {
    const kind = FIELD_META[field].kind;
    const raw = form.get(field);
    if (kind === 'switch') input[field] = raw === 'on';
    else if (kind === 'text' || kind === 'email') input[field] = typeof raw === 'string' ? raw : '';
    else input[field] = number(raw);
  }
  return { section: section.id, input };
}

export type { UpdateSettingsInput };
