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

/** better-auth's passkey plugin: one WebAuthn credential of a user (ADR 146). */
export type PasskeyTable = {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
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
