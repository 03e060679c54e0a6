import type { ColumnType, Generated } from 'kysely';

/** Money to hosts (ADR 128): settings, payouts and the double-entry ledger. */

export type PlatformSettingTable = {
  key: string;
  /** JSON text on the way in; parsed on the way out. */
  value: ColumnType<unknown, string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
};

export type PayoutStatus = 'pending' | 'paid' | 'failed' | 'reversed';

export type PayoutTable = {
  id: Generated<string>;
  host_id: string;
  amount_cents: number;
  currency: Generated<'usd'>;
  status: Generated<PayoutStatus>;
  /** The host's connected account when the payout was made. */
  destination_account_id: string;
  /** The provider's transfer, once it has accepted one. */
  transfer_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The admin who pressed Pay or Pay all; null for the weekly run. */
  requested_by: string | null;
  /** The Pay all (or weekly) run this payout was made in. */
  run_id: string | null;
  /** When the host was told it was sent or failed (claimed once). */
  notified_at: Date | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  failed_at: Date | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** Which bookings' payable earnings a payout carried, and how much of each. */
export type PayoutBookingTable = {
  payout_id: string;
  booking_id: string;
  amount_cents: number;
};

export type LedgerKind =
  | 'capture'
  | 'refund'
  | 'release'
  | 'payout_start'
  | 'payout_paid'
  | 'payout_failed'
  | 'payout_reversed';

export type LedgerAccount = 'cash' | 'commission' | 'host_pending' | 'host_payable' | 'payout_in_transit';

/** Immutable (a trigger refuses update and delete); debit positive, credit negative. */
export type LedgerEntryTable = {
  id: Generated<string>;
  journal_key: string;
  kind: LedgerKind;
  account: LedgerAccount;
  host_id: string;
  booking_id: string | null;
  payout_id: string | null;
  amount_cents: number;
  created_at: Generated<Date>;
};
