import type { Generated } from 'kysely';

/** Payments (ADR 091): provider event ids seen once, and the built-in test provider's own state. */
export type PaymentEventTable = {
  id: string;
  provider: 'stripe' | 'test';
  type: string;
  received_at: Generated<Date>;
};

export type TestCheckoutSessionTable = {
  id: string;
  reference: string;
  amount_cents: number;
  currency: string;
  description: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  status: Generated<'open' | 'complete' | 'expired'>;
  payment_intent_id: string | null;
  expires_at: Date;
  created_at: Generated<Date>;
  completed_at: Date | null;
};

export type TestConnectAccountTable = {
  id: string;
  user_id: string;
  email: string | null;
  details_submitted: Generated<boolean>;
  charges_enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  refresh_url: string | null;
  return_url: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type TestRefundTable = {
  id: string;
  idempotency_key: string;
  payment_intent_id: string;
  amount_cents: number;
  /** The caller's id for the refund (Stripe's metadata.reference); null before 2026-11-25. */
  reference: string | null;
  status: string;
  created_at: Generated<Date>;
};

export type TestTransferTable = {
  id: string;
  idempotency_key: string;
  account_id: string;
  amount_cents: number;
  reference: string;
  created_at: Generated<Date>;
};
