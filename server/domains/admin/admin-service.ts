import { ADMIN_PAGE_SIZE, type AdminUsersPage, type AdminUsersQuery } from '../../../common/schemas/admin.ts';
import type { AccountStatus, AdminAccount } from '../../../common/schemas/profile.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { readAccount, setStatusFlags } from '../auth/account-admin.ts';
import type { Viewer } from '../auth/auth-service.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import type { AccountStatusChange } from '../auth/profile-service.ts';
import { countAccounts, listAccounts, listNewestAccounts } from './repository.ts';
import { accountLabel } from './user-detail-service.ts';

export const NEWEST_ACCOUNTS_LIMIT = 10;
export const RECENT_SIGNUP_DAYS = 7;

function statusOf(profile: { is_deleted: boolean; is_active: boolean }): AccountStatus {
  if (profile.is_deleted) return 'disabled';
  return profile.is_active ? 'active' : 'under_review';
}

type AccountRow = Awaited<ReturnType<typeof listNewestAccounts>>[number];

function toAdminAccount(row: AccountRow): AdminAccount {
  const email = isPlaceholderEmail(row.email) ? null : row.email;
  return {
    id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || email || row.phoneNumber || 'Unnamed',
    email,
    email_verified: row.emailVerified,
    phone_number: row.phoneNumber,
    profile_picture_url: row.profile_picture_url,
    is_provider: row.is_provider,
    is_admin: row.is_admin,
    status: statusOf(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The figures on /admin: head counts, recent sign-ups and the newest accounts. */
export async function getAdminOverview(db: Db, now: Date = new Date()) {
  const since = new Date(now.getTime() - RECENT_SIGNUP_DAYS * 24 * 60 * 60 * 1000);
  const [counts, newest] = await Promise.all([
    countAccounts(db, since),
    listNewestAccounts(db, NEWEST_ACCOUNTS_LIMIT),
  ]);
  return { counts, recent_signup_days: RECENT_SIGNUP_DAYS, newest_accounts: newest.map(toAdminAccount) };
}

/** /admin/users: accounts matching the admin's search and filters, a page at a time. */
export async function listAccountsForAdmin(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { rows, total } = await listAccounts(
    db,
    { q: query.q || undefined, status: query.status, role: query.role },
    { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE },
  );
  return { accounts: rows.map(toAdminAccount), total, page: query.page, page_size: ADMIN_PAGE_SIZE };
}

/**
 * Puts an account under review, disables it, or restores it, and records it in the audit log in the
 * same transaction (ADR 133). An admin cannot lock themselves out: the last door back in would close
 * behind them.
 */
export async function changeAccountStatus(
  deps: Pick<AppServices, 'db' | 'directory' | 'audit'>,
  admin: Viewer,
  userId: string,
  change: AccountStatusChange,
): Promise<{ id: string; status: AccountStatus }> {
  if (userId === admin.userId && (change.is_deleted === true || change.is_active === false)) {
    throw new AppError('conflict', 'You cannot disable or suspend your own account.');
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = await readAccount(trx, userId, { lock: true });
    if (!before) throw new AppError('not_found', 'There is no account with this id.');
    const updated = await setStatusFlags(trx, userId, {
      ...(change.is_active !== undefined ? { is_active: change.is_active } : {}),
      ...(change.is_deleted !== undefined ? { is_deleted: change.is_deleted } : {}),
    });
    if (!updated) throw new AppError('not_found', 'There is no account with this id.');
    const from = statusOf(before);
    const to = statusOf(updated);
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.status_changed',
      targetType: 'user',
      targetId: userId,
      summary: `${STATUS_WORDS[to]} ${accountLabel(before)}`,
      before: { status: from, is_active: before.is_active, is_deleted: before.is_deleted },
      after: { status: to, is_active: updated.is_active, is_deleted: updated.is_deleted },
    });
    // The user's open tabs reload their profile, so the account gate appears without a refresh.
    await deps.directory.profileChanged(userId, trx);
    return { id: updated.id, status: to };
  });
}

const STATUS_WORDS: Record<AccountStatus, string> = {
  active: 'Restored',
  under_review: 'Put under review',
  disabled: 'Disabled',
};
