import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { SavedListingStep } from '../../common/listing-steps.ts';
import type { ProfileLocation } from '../../common/schemas/location.ts';
import type { AdminAuditLogTable } from './types-admin.ts';
import type {
  ConversationTable,
  MessageTable,
  RefundRequestPhotoTable,
  RefundRequestTable,
  ReviewTable,
} from './types-after-booking.ts';
import type {
  AnalyticsDailyBathroomTable,
  AnalyticsDailyEmptySpotTable,
  AnalyticsDailyHourTable,
  AnalyticsDailyTable,
  MigrationChecksumTable,
  SearchEventTable,
} from './types-analytics.ts';
import type {
  AuthAccountTable,
  PasskeyTable,
  SessionProofTable,
  TwoFactorTable,
  VerificationTable,
} from './types-auth-admin.ts';
import type { BathroomModerationTable, BathroomReportTable } from './types-moderation.ts';
import type {
  LedgerEntryTable,
  PayoutBookingTable,
  PayoutTable,
  PlatformSettingTable,
} from './types-money.ts';
import type {
  PaymentEventTable,
  TestCheckoutSessionTable,
  TestConnectAccountTable,
  TestRefundTable,
  TestTransferTable,
} from './types-payments.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type * from './types-admin.ts';
export type * from './types-after-booking.ts';
export type * from './types-analytics.ts';
export type * from './types-auth-admin.ts';
export type * from './types-moderation.ts';
export type * from './types-money.ts';
export type * from './types-payments.ts';

/** better-auth owns these tables; we read them, its library writes them. */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | null;
  twoFactorEnabled: boolean | null;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Timestamp | null;
};

export type SessionTable = {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
};

export type ProfileTable = {
  id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  profile_picture_url: string | null;
  is_provider: Generated<boolean>;
  is_stripe_connected: Generated<boolean>;
  stripe_connect_id: string | null;
  is_admin: Generated<boolean>;
  is_deleted: Generated<boolean>;
  is_active: Generated<boolean>;
  locations: JSONColumnType<ProfileLocation[], string | undefined, string>;
  email_preferences: JSONColumnType<Partial<Record<string, boolean>>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The first dashboard visit (ADR 115); null until then. */
  welcomed_at: Date | null;
};

export type SignInFailureTable = {
  id: Generated<string>;
  identifier: string;
  ip: string;
  failed_at: Generated<Date>;
};

export type RateLimitTable = {
  key: string;
  hits: number;
  resets_at: Date;
};

export type SignInSuccessTable = {
  identifier: string;
  ip: string;
  succeeded_at: Generated<Date>;
};

/** A text sent, or withheld from a number no account uses, for the limits on texts (ADR 142). */
export type SmsSendTable = {
  id: Generated<string>;
  recipient: string;
  client: string | null;
  sent_at: Generated<Date>;
};

/** An email change from its request to its undo (ADR 145); tokens are kept only as hashes. */
export type EmailChangeTable = {
  id: Generated<string>;
  user_id: string;
  old_email: string;
  new_email: string;
  /** The link better-auth signed for the new address; null when that address was taken. */
  confirm_token_hash: string | null;
  requested_at: Generated<Date>;
  expires_at: Date;
  confirmed_at: Date | null;
  /** Cancelled by its owner, replaced by a newer request, or dropped by an undo. */
  cancelled_at: Date | null;
  undo_token_hash: string | null;
  undo_expires_at: Date | null;
  undone_at: Date | null;
};

export type OutboxMessageTable = {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  html: string | null;
  text: string;
  created_at: Generated<Date>;
  /** Write order: created_at can tie. */
  seq: Generated<string>;
};

export type StoredImageTable = {
  id: Generated<string>;
  owner_id: string;
  purpose: string;
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Generated<Date>;
};

export type NotificationTable = {
  id: Generated<string>;
  user_id: string;
  notification_type: string;
  message: string | null;
  created_at: Generated<Date>;
  viewed: Generated<boolean>;
  read: Generated<boolean>;
  meta: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  email_state: Generated<'none' | 'deferred' | 'pending' | 'sending' | 'sent'>;
  email_claimed_at: Date | null;
};

export type ProviderRequestTable = {
  id: Generated<string>;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'revoked'>;
  decided_by: string | null;
  decided_at: Date | null;
  announced_at: Date | null;
  created_at: Generated<Date>;
};

export type BathroomStatus = 'draft' | 'published' | 'unlisted';

export type BathroomTable = {
  id: Generated<string>;
  host_id: string;
  status: Generated<BathroomStatus>;
  title: string;
  description: Generated<string>;
  location: JSONColumnType<ProfileLocation, string, string>;
  latitude: number;
  longitude: number;
  public_latitude: number;
  public_longitude: number;
  city: Generated<string>;
  state_code: Generated<string>;
  country_code: Generated<string>;
  timezone: string;
  hourly_price_cents: number;
  allowed_durations: Generated<number[]>;
  cleaning_buffer_minutes: Generated<number>;
  amenities: Generated<string[]>;
  accessibility: Generated<string[]>;
  house_rules: Generated<string>;
  access_instructions: Generated<string>;
  /** numeric(2,1) arrives as a string from PostgreSQL. */
  rating_average: string | null;
  rating_count: Generated<number>;
  /** Category averages of the published, shown guest reviews (ADR 125); null with none. */
  rating_cleanliness: string | null;
  rating_accuracy: string | null;
  rating_communication: string | null;
  published_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Add-a-bathroom steps the host has saved that the data cannot tell (ADR 117). */
  completed_steps: Generated<SavedListingStep[]>;
  /** int4range[] text, kept from bathroom_opening_hours by triggers (search); never written by the app. */
  open_week_minutes: ColumnType<string, never, never>;
};

export type BathroomOpeningHoursTable = {
  bathroom_id: string;
  weekday: number;
  /** 'HH:MM:SS' strings, in the bathroom's time zone. */
  opens: string;
  closes: string;
};

export type BathroomPhotoTable = {
  id: Generated<string>;
  bathroom_id: string;
  position: number;
  key_1x: string;
  key_2x: string;
  width: number;
  height: number;
  alt: Generated<string>;
  created_at: Generated<Date>;
};

export type BookingStatus =
  | 'pending_payment'
  | 'confirmed'
  | 'checked_in'
  | 'completed'
  | 'cancelled'
  | 'expired';

export type BookingTable = {
  id: Generated<string>;
  bathroom_id: string;
  guest_id: string;
  status: Generated<BookingStatus>;
  starts_at: Date;
  ends_at: Date;
  duration_minutes: number;
  cleaning_buffer_minutes: number;
  /** tstzrange text '[start,end)' including the buffer; set by a trigger, never by the app. */
  blocked: ColumnType<string, never, never>;
  hourly_price_cents: number;
  price_cents: number;
  currency: Generated<'usd'>;
  hold_expires_at: Date | null;
  confirmed_at: Date | null;
  checked_in_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  cancellation_reason: string | null;
  /** The provider's checkout session paying this hold (the latest one, after a retry). */
  checkout_session_id: string | null;
  /** Set when a payment arrives; what a refund names. */
  payment_intent_id: string | null;
  amount_paid_cents: Generated<number>;
  /**
   * Every refund committed to the guest, whatever the provider says of it yet (pending, succeeded,
   * or failed and being sent again): what is no longer ours to refund or to pay out. Never more
   * than was paid (ADR 091, "Refunds").
   */
  amount_refunded_cents: Generated<number>;
  /** The part of amount_refunded_cents the provider says is back with the guest. */
  amount_refund_settled_cents: Generated<number>;
  /** The commission rate when the booking was made, in basis points (ADR 128): history never changes. */
  commission_bps: Generated<number>;
  /** When each reminder went out: the minute sweep sends each once. */
  upcoming_notified_at: Date | null;
  one_hour_notified_at: Date | null;
  /** When the check-in reminder went out (check-in opens 10 minutes before the start). */
  check_in_reminded_at: Date | null;
  review_requested_at: Date | null;
  review_reminded_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type BookingRefundStatus = 'pending' | 'succeeded' | 'failed';

export type BookingRefundTable = {
  id: Generated<string>;
  booking_id: string;
  amount_cents: number;
  reason: string;
  idempotency_key: string;
  /** What the provider says (pending also while it has not accepted the refund yet). */
  status: Generated<BookingRefundStatus>;
  /** The provider's refund of the current round; null until the provider has accepted it. */
  provider_refund_id: string | null;
  /** Calls to the provider in the current round (a refusal or no answer counts). */
  attempts: Generated<number>;
  /** How often the provider failed it for good and it was sent again under a new key. */
  round: Generated<number>;
  last_error: string | null;
  /** When admins were told it failed (once per refund). */
  admins_notified_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type BathroomBlackoutTable = {
  id: Generated<string>;
  bathroom_id: string;
  starts_at: Date;
  ends_at: Date;
  reason: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
  /** When the host was told it started / ended: the sweep and the jobs claim each once. */
  started_notified_at: Date | null;
  ended_notified_at: Date | null;
};

/** A bathroom's private calendar feed (ADR 095): only the token's SHA-256 hash is stored. */
export type BathroomIcalFeedTable = {
  bathroom_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: Generated<Date>;
  last_fetched_at: Date | null;
};

export type Database = {
  user: UserTable;
  session: SessionTable;
  profiles: ProfileTable;
  sign_in_failures: SignInFailureTable;
  sign_in_successes: SignInSuccessTable;
  outbox_messages: OutboxMessageTable;
  sms_sends: SmsSendTable;
  session_proofs: SessionProofTable;
  email_changes: EmailChangeTable;
  stored_images: StoredImageTable;
  notifications: NotificationTable;
  provider_requests: ProviderRequestTable;
  bathrooms: BathroomTable;
  bathroom_opening_hours: BathroomOpeningHoursTable;
  bathroom_photos: BathroomPhotoTable;
  payment_events: PaymentEventTable;
  test_checkout_sessions: TestCheckoutSessionTable;
  test_connect_accounts: TestConnectAccountTable;
  test_refunds: TestRefundTable;
  test_transfers: TestTransferTable;
  bookings: BookingTable;
  bathroom_blackouts: BathroomBlackoutTable;
  booking_refunds: BookingRefundTable;
  bathroom_ical_feeds: BathroomIcalFeedTable;
  rate_limits: RateLimitTable;
  conversations: ConversationTable;
  messages: MessageTable;
  reviews: ReviewTable;
  refund_requests: RefundRequestTable;
  refund_request_photos: RefundRequestPhotoTable;
  platform_settings: PlatformSettingTable;
  payouts: PayoutTable;
  payout_bookings: PayoutBookingTable;
  ledger_entries: LedgerEntryTable;
  admin_audit_log: AdminAuditLogTable;
  twoFactor: TwoFactorTable;
  account: AuthAccountTable;
  passkey: PasskeyTable;
  verification: VerificationTable;
  bathroom_moderation: BathroomModerationTable;
  bathroom_reports: BathroomReportTable;
  search_events: SearchEventTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_bathrooms: AnalyticsDailyBathroomTable;
  analytics_daily_hours: AnalyticsDailyHourTable;
  analytics_daily_empty_spots: AnalyticsDailyEmptySpotTable;
  migration_checksums: MigrationChecksumTable;
};
