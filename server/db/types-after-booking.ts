import type { ColumnType, Generated } from 'kysely';

/**
 * The tables of what happens around a booking between its guest and host: the conversation and
 * its messages (ADR 119), the two reviews (ADR 124), refund requests (ADR 126). Part of the
 * Database in types.ts.
 */

/** One per booking, between its guest and the host of its bathroom (ADR 119). */
export type ConversationTable = {
  id: Generated<string>;
  booking_id: string;
  guest_id: string;
  host_id: string;
  created_at: Generated<Date>;
  /** When each party was last emailed about a new message here: at most one such email an hour (ADR 122). */
  guest_emailed_at: Date | null;
  host_emailed_at: Date | null;
  /** When the host was reminded of the guest's unanswered message before the start (ADR 122). */
  reply_reminded_at: Date | null;
};

export type MessageTable = {
  id: Generated<string>;
  conversation_id: string;
  sender_id: string;
  /** Empty once deleted. */
  content: string;
  created_at: Generated<Date>;
  /** When the other party read it (everything up to a message is marked at once). */
  read_at: Date | null;
  edited_at: Date | null;
  deleted_at: Date | null;
  /** The sender's id for an optimistic send; unique per conversation and sender. */
  client_id: string | null;
  /** The recipient's MESSAGE_RECEIVED notice, whose email copy waits for the sweep (ADR 122). */
  received_notice_id: string | null;
  /** When the sweep decided that email copy (sent or dropped): its claim stamp. */
  email_checked_at: Date | null;
};

export type ReviewSide = 'guest' | 'host';

/** One side's review of a booking (ADR 124): hidden until both are written or the window closes. */
export type ReviewTable = {
  id: Generated<string>;
  booking_id: string;
  bathroom_id: string;
  side: ReviewSide;
  author_id: string;
  subject_id: string;
  rating: number;
  cleanliness: number | null;
  accuracy: number | null;
  communication: number | null;
  comment: string | null;
  private_note: string | null;
  published_at: Date | null;
  reply: string | null;
  replied_at: Date | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  hidden_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** Refund requests (ADR 126): a guest's ask, the host's side, an admin's decision. */
export type RefundRequestStatus = 'open' | 'approved' | 'partially_approved' | 'denied' | 'failed';

export type RefundRequestTable = {
  id: Generated<string>;
  booking_id: string;
  guest_id: string;
  reason: 'no_access' | 'not_clean' | 'not_as_described' | 'host_cancelled' | 'other';
  description: string;
  amount_cents: number;
  /** 'failed': approved, but the provider has not taken the refund yet (kept for a retry). */
  status: Generated<RefundRequestStatus>;
  host_response: string | null;
  host_responded_at: Date | null;
  approved_cents: number | null;
  /** The host's share of the refund, taken from their earnings for the booking (payouts read it). */
  host_earnings_reduction_cents: number | null;
  denial_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  /** The booking refund the approval committed (one per request). */
  booking_refund_id: string | null;
  /** Claim stamp of the *_REFUND_PROCESSED notices. */
  processed_notified_at: Date | null;
  appeal_message: string | null;
  appealed_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type RefundRequestPhotoTable = {
  id: Generated<string>;
  request_id: string;
  position: number;
  url: string;
  srcset: string;
  created_at: Generated<Date>;
};
