import { ADMIN_PAGE_SIZE, type AdminUsersPage, type AdminUsersQuery } from '../../../common/schemas/admin.ts';
import type { AccountStatus, AdminAccount } from '../../../common/schemas/profile.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import type { Viewer } from '../auth/auth-service.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import { type AccountStatusChange, setAccountStatus } from '../auth/profile-service.ts';
import { countAccounts, listAccounts, listNewestAccounts } from './repository.ts';

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
 * Puts an account under review, disables it, or restores it. An admin cannot lock themselves out:
 * the last door back in would close behind them.
 */
export async function changeAccountStatus(
  deps: Pick<AppServices, 'db' | 'directory'>,
  admin: Viewer,
  userId: string,
  change: AccountStatusChange,
): Promise<{ id: string; status: AccountStatus }> {
  if (userId === admin.userId && (change.is_deleted === true || change.is_active === false)) {
    throw new AppError('conflict', 'You cannot disable or suspend your own account.');
  }
  const updated = await setAccountStatus(deps, userId, change);
  if (!updated) throw new AppError('not_found', 'There is no account with this id.');
  return { id: updated.id, status: statusOf(updated) };
}
