import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * better-auth's tables that the admin console writes in its own transactions (ADR 134): a second
 * factor to remove, a credential for an invited account, and the tokens behind generated links.
 */
export type TwoFactorTable = {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | null;
  failedVerificationCount: number | null;
  lockedUntil: Timestamp | null;
};

export type AuthAccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  /** An outside provider's signed ID token from the last sign-in (ADR 143). */
  idToken: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** The last re-authentication of a signed-in session, and its failed tries (ADR 144). */
export type SessionProofTable = {
  session_id: string;
  proved_at: Date | null;
  level: Generated<number>;
  failures: Generated<number>;
  first_failure_at: Date | null;
};
