import { SUPPORT_MESSAGES } from '../../../common/constants.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { type BetterAuth, isPlaceholderEmail } from './better-auth.ts';
import { claimWelcome, findProfile, findUserContact } from './repository.ts';
import { createSessionReader } from './session-reader.ts';

export type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export type Viewer = {
  userId: string;
  sessionId: string;
  /** When the session lapses unless better-auth extends it (an open socket re-reads it then, ADR 155). */
  sessionExpiresAt: Date;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  twoFactorEnabled: boolean;
  profile: Profile;
};

export type AccountState = 'ok' | 'disabled' | 'under_review';

export function accountState(profile: Pick<Profile, 'is_deleted' | 'is_active'>): AccountState {
  if (profile.is_deleted) return 'disabled';
  if (!profile.is_active) return 'under_review';
  return 'ok';
}

/** Refuses an account that may not act (disabled, or back under review), as every guard does. */
export function requireActiveAccount(profile: Pick<Profile, 'is_deleted' | 'is_active'>): void {
  const state = accountState(profile);
  if (state === 'disabled') throw new AppError('account_disabled', SUPPORT_MESSAGES.accountDisabled);
  if (state === 'under_review')
    throw new AppError('account_under_review', SUPPORT_MESSAGES.accountUnderReview);
}

export function createAuthService(deps: { db: Db; auth: BetterAuth }) {
  const sessions = createSessionReader(deps);

  async function getViewer(headers: Headers): Promise<Viewer | null> {
    // The common case in one shared statement; anything unusual goes through better-auth.
    const live = await sessions.read(headers);
    if (live) {
      return {
        userId: live.userId,
        sessionId: live.sessionId,
        sessionExpiresAt: live.sessionExpiresAt,
        email: isPlaceholderEmail(live.email) ? null : live.email,
        emailVerified: live.emailVerified,
        phoneNumber: live.phoneNumber,
        phoneNumberVerified: Boolean(live.phoneNumberVerified),
        twoFactorEnabled: Boolean(live.twoFactorEnabled),
        profile: live.profile,
      };
    }
    const session = await deps.auth.api.getSession({ headers });
    if (!session) return null;
    const [profile, contact] = await Promise.all([
      findProfile(deps.db, session.user.id),
      findUserContact(deps.db, session.user.id),
    ]);
    if (!profile || !contact) return null;
    return {
      userId: session.user.id,
      sessionId: session.session.id,
      sessionExpiresAt: new Date(session.session.expiresAt),
      email: isPlaceholderEmail(contact.email) ? null : contact.email,
      emailVerified: contact.emailVerified,
      phoneNumber: contact.phoneNumber,
      phoneNumberVerified: Boolean(contact.phoneNumberVerified),
      twoFactorEnabled: Boolean(contact.twoFactorEnabled),
      profile,
    };
  }

  /** The guard every protected route starts with: signed in, and the account allowed to act. */
  async function requireViewer(headers: Headers): Promise<Viewer> {
    return admitViewer(await getViewer(headers));
  }

  /** requireViewer's check, for a viewer already read. */
  function admitViewer(viewer: Viewer | null): Viewer {
    if (!viewer) throw new AppError('unauthenticated', 'Please sign in to continue.');
    requireActiveAccount(viewer.profile);
    return viewer;
  }

  async function requireAdmin(headers: Headers): Promise<Viewer> {
    const viewer = await requireViewer(headers);
    if (!viewer.profile.is_admin) throw new AppError('forbidden', 'Only admins may do this.');
    return viewer;
  }

  /** Whether this is the member's first dashboard visit, which it then uses up (ADR 115). */
  async function claimFirstVisit(viewer: Viewer): Promise<boolean> {
    if (viewer.profile.welcomed_at) return false;
    return claimWelcome(deps.db, viewer.userId);
  }

  return { getViewer, requireViewer, admitViewer, requireAdmin, claimFirstVisit };
}

export type AuthService = ReturnType<typeof createAuthService>;
