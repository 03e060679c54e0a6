import { formatPhoneNumber } from '../../../common/phone.ts';
import type { AdminUserDetail } from '../../../common/schemas/admin-users.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import {
  type AdminAccountRow,
  accountSessions,
  deletedAccountEmail,
  listFactors,
  readAccount,
  signInHistory,
} from '../auth/account-admin.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import { selectGuestBookings, selectHostListings, selectReviewsAbout } from './user-detail-repository.ts';

export const DETAIL_BOOKINGS = 10;
export const DETAIL_LISTINGS = 20;
export const DETAIL_REVIEWS = 5;
export const DETAIL_AUDIT = 50;

/** Spec §5's three formats; a stored US number (+1 and ten digits) is formatted from its ten digits. */
export function phoneFormats(e164: string | null) {
  if (!e164) return null;
  const input = /^\+1\d{10}$/.test(e164) ? e164.slice(2) : e164;
  return {
    E164: formatPhoneNumber(input, 'E164'),
    International: formatPhoneNumber(input, 'International'),
    National: formatPhoneNumber(input, 'National'),
  };
}

export function accountLabel(
  row: Pick<AdminAccountRow, 'first_name' | 'last_name' | 'email' | 'phoneNumber'>,
) {
  const email = isPlaceholderEmail(row.email) ? null : row.email;
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || email || row.phoneNumber || 'Unnamed';
}

export function accountStatus(row: { is_deleted: boolean; is_active: boolean }) {
  if (row.is_deleted) return 'disabled' as const;
  return row.is_active ? ('active' as const) : ('under_review' as const);
}

/** Everything /admin/users/:id shows about one account. */
export async function getUserDetail(
  services: Pick<AppServices, 'db' | 'audit'>,
  userId: string,
): Promise<AdminUserDetail> {
  const { db } = services;
  const row = await readAccount(db, userId);
  if (!row) throw new AppError('not_found', 'There is no account with this id.');
  const [bookings, listings, reviews, sessions, factors, signIns, audit] = await Promise.all([
    selectGuestBookings(db, userId, DETAIL_BOOKINGS),
    selectHostListings(db, userId, DETAIL_LISTINGS),
    selectReviewsAbout(db, userId, DETAIL_REVIEWS),
    accountSessions(db, userId),
    listFactors(db, row),
    signInHistory(db, row),
    services.audit.list({ target_type: 'user', target_id: userId }, DETAIL_AUDIT),
  ]);
  const email = isPlaceholderEmail(row.email) ? null : row.email;
  return {
    account: {
      id: row.id,
      name: accountLabel(row),
      first_name: row.first_name,
      last_name: row.last_name,
      email,
      email_verified: row.emailVerified,
      phone_number: row.phoneNumber,
      phone_number_verified: Boolean(row.phoneNumberVerified),
      phone_formats: phoneFormats(row.phoneNumber),
      two_factor_enabled: Boolean(row.twoFactorEnabled),
      deleted: row.is_deleted && row.email === deletedAccountEmail(row.id),
      profile_picture_url: row.profile_picture_url,
      is_provider: row.is_provider,
      is_admin: row.is_admin,
      status: accountStatus(row),
      created_at: new Date(row.created_at).toISOString(),
    },
    bookings: {
      total: bookings.total,
      newest: bookings.rows.map((b) => ({
        id: b.id,
        bathroom_title: b.bathroom_title,
        status: b.status,
        starts_at: new Date(b.starts_at).toISOString(),
        timezone: b.timezone,
        price_cents: b.price_cents,
      })),
    },
    listings: listings.map((l) => ({ id: l.id, title: l.title, status: l.status, city: l.city })),
    reviews: {
      written: reviews.written,
      received: reviews.received,
      newest: reviews.newest.map((r) => ({
        id: r.id,
        side: r.side,
        written_by_user: r.author_id === userId,
        rating: r.rating,
        comment: r.comment,
        bathroom_title: r.bathroom_title,
        created_at: new Date(r.created_at).toISOString(),
      })),
    },
    sessions,
    factors,
    sign_ins: signIns,
    audit: audit.entries,
  };
}
