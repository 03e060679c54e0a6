import type { ColumnType, Generated } from 'kysely';

/** The admin audit log (ADR 133): written in the action's own transaction, never changed. */
export type AdminAuditLogTable = {
  id: Generated<string>;
  /** Write order (identity); the list pages on it. */
  seq: ColumnType<string, never, never>;
  /** The admin who acted; null for the system (the weekly payout run). */
  actor_id: string | null;
  /** `<area>.<verb>`, one of ADMIN_ACTIONS in common/schemas/audit.ts. */
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  reason: string | null;
  /** JSON text on the way in; parsed on the way out. */
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  created_at: Generated<Date>;
};
