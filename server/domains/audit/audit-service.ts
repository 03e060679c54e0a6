import {
  type AdminAction,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type AuditQuery,
  type AuditTargetType,
} from '../../../common/schemas/audit.ts';
import type { Db } from '../../db/database.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import { type Executor, insertAuditRow, selectAuditRows } from './repository.ts';

/**
 * The admin audit log (ADR 133). An admin action records itself by calling recordAdminAction with
 * the transaction it changes things in: the entry commits with the change or not at all.
 */

export type AdminActionEntry = {
  /** The admin's user id; null for the system (the weekly payout run). */
  actorId: string | null;
  action: AdminAction;
  targetType: AuditTargetType;
  targetId: string;
  /** One line a person reads on /admin/audit: "Disabled ana@example.com". */
  summary: string;
  reason?: string | null;
  /** What changed, as small JSON objects (only the fields the action touched). */
  before?: unknown;
  after?: unknown;
};

export async function recordAdminAction(db: Executor, entry: AdminActionEntry): Promise<string> {
  return insertAuditRow(db, {
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    summary: entry.summary.slice(0, 500),
    reason: entry.reason ? entry.reason.slice(0, 1000) : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

type Row = Awaited<ReturnType<typeof selectAuditRows>>[number];

function actorName(row: Row): string {
  if (!row.actor_id) return 'System';
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  if (name) return name;
  return row.email && !isPlaceholderEmail(row.email) ? row.email : 'Admin';
}

/** /admin/audit and a user's page: entries newest first, AUDIT_PAGE_SIZE at a time. */
export async function listAdminActions(
  db: Db,
  query: AuditQuery,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const rows = await selectAuditRows(
    db,
    {
      action: query.action,
      targetType: query.target_type,
      targetId: query.target_id,
      actorId: query.actor_id,
      before: query.before,
    },
    pageSize + 1,
  );
  const page = rows.slice(0, pageSize);
  return {
    entries: page.map((row) => ({
      id: row.id,
      actor_id: row.actor_id,
      actor_name: actorName(row),
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      summary: row.summary,
      reason: row.reason,
      before: row.before ?? null,
      after: row.after ?? null,
      created_at: new Date(row.created_at).toISOString(),
    })),
    next_before: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

export function createAuditService(deps: { db: Db }) {
  return {
    record: (db: Executor, entry: AdminActionEntry) => recordAdminAction(db, entry),
    list: (query: AuditQuery, pageSize?: number) => listAdminActions(deps.db, query, pageSize),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
