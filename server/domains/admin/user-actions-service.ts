import type { Transaction } from 'kysely';
import type {
  GeneratedLink,
  InviteUserInput,
  LinkType,
  RolesChange,
} from '../../../common/schemas/admin-users.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import {
  type AdminAccountRow,
  createInvitedAccount,
  deletedAccountEmail,
  INVITE_LINK_DAYS,
  issueLink,
  listFactors,
  readAccount,
  removeFactor,
  revokeAllSessions,
  setRoles,
  softDeleteAccount,
} from '../auth/account-admin.ts';
import type { Viewer } from '../auth/auth-service.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import { accountLabel, accountStatus } from './user-detail-service.ts';

/**
 * The auth admin functions of /admin/users/:id (ADR 134). Each runs in one transaction that locks
 * the account, changes it and records its audit entry (ADR 133), so the entry exists exactly when
 * the change does. The account's open tabs are told to reload their profile in the same transaction.
 */

type Deps = Pick<AppServices, 'db' | 'audit' | 'directory' | 'betterAuth' | 'config' | 'email'>;
type Trx = Transaction<Database>;

async function lockedAccount(trx: Trx, userId: string): Promise<AdminAccountRow> {
  const row = await readAccount(trx, userId, { lock: true });
  if (!row) throw new AppError('not_found', 'There is no account with this id.');
  return row;
}

const LINK_LABEL: Record<LinkType, string> = {
  sign_in: 'a sign-in link',
  recovery: 'a password reset link',
  verification: 'an email confirmation link',
};

export async function inviteUser(deps: Deps, admin: Viewer, input: InviteUserInput): Promise<{ id: string }> {
  const invited = await inviteInTransaction(deps, admin, input);
  // After commit: the email must never point at an account that was rolled back.
  const name = [input.first_name, input.last_name].filter(Boolean).join(' ');
  await deps.email.send({
    to: input.email,
    template: 'account-invite',
    data: { name, url: invited.url, days: INVITE_LINK_DAYS },
  });
  return { id: invited.id };
}

const EMAIL_TAKEN = 'An account with this email already exists.';

async function inviteInTransaction(deps: Deps, admin: Viewer, input: InviteUserInput) {
  try {
    return await insertInvite(deps, admin, input);
  } catch (error) {
    // Two invites (or a sign-up) for one address at once: the unique email decides, as a 409.
    if (String((error as { code?: string }).code) === '23505') {
      throw new AppError('conflict', EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    }
    throw error;
  }
}

async function insertInvite(deps: Deps, admin: Viewer, input: InviteUserInput) {
  return deps.db.transaction().execute(async (trx) => {
    const created = await createInvitedAccount(deps, trx, input);
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.invited',
      targetType: 'user',
      targetId: created.id,
      summary: `Invited ${input.email}`,
      after: { email: input.email, is_provider: input.make_provider ?? false },
    });
    return created;
  });
}

export async function generateUserLink(
  deps: Deps,
  admin: Viewer,
  userId: string,
  type: LinkType,
): Promise<GeneratedLink> {
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, userId);
    if (account.is_deleted) throw new AppError('conflict', 'This account is disabled; restore it first.');
    const link = await issueLink(deps, trx, account, type);
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.link_generated',
      targetType: 'user',
      targetId: userId,
      summary: `Generated ${LINK_LABEL[type]} for ${accountLabel(account)}`,
      // The URL itself is a credential: the log says what was made, never the link.
      after: { type, expires_at: link.expiresAt.toISOString() },
    });
    return { type, url: link.url, expires_at: link.expiresAt.toISOString() };
  });
}

export async function listUserFactors(deps: Pick<AppServices, 'db'>, userId: string) {
  const account = await readAccount(deps.db, userId);
  if (!account) throw new AppError('not_found', 'There is no account with this id.');
  return { factors: await listFactors(deps.db, account) };
}

export async function removeUserFactor(deps: Deps, admin: Viewer, userId: string, factorId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, userId);
    const removed = await removeFactor(trx, account, factorId);
    if (!removed) throw new AppError('not_found', 'This account has no such factor.');
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.factor_removed',
      targetType: 'user',
      targetId: userId,
      summary: `Removed ${removed.friendly_name.toLowerCase()} from ${accountLabel(account)}`,
      before: { factor: removed },
      after: {
        factor: null,
        two_factor_enabled: removed.factor_type === 'totp' ? false : account.twoFactorEnabled,
      },
    });
    await deps.directory.profileChanged(userId, trx);
  });
  return { removed: true as const };
}

export async function signOutEverywhere(deps: Deps, admin: Viewer, userId: string) {
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, userId);
    const revoked = await revokeAllSessions(trx, userId);
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.signed_out_everywhere',
      targetType: 'user',
      targetId: userId,
      summary: `Signed ${accountLabel(account)} out everywhere (${revoked} session${revoked === 1 ? '' : 's'})`,
      before: { sessions: revoked },
      after: { sessions: 0 },
    });
    await deps.directory.profileChanged(userId, trx);
    return { sessions_revoked: revoked };
  });
}

const ROLE_NAME = { is_admin: 'admin', is_provider: 'host' } as const;

/** Grants or removes roles; an unchanged role writes nothing. An admin keeps their own admin role. */
export async function changeRoles(deps: Deps, admin: Viewer, userId: string, change: RolesChange) {
  if (userId === admin.userId && change.is_admin === false) {
    throw new AppError('conflict', 'You cannot remove your own admin role.', [
      { field: 'is_admin', message: 'You cannot remove your own admin role.' },
    ]);
  }
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, userId);
    if (account.is_deleted) throw new AppError('conflict', 'This account is disabled; restore it first.');
    const before = { is_admin: account.is_admin, is_provider: account.is_provider };
    const updated = await setRoles(trx, userId, change);
    if (!updated) throw new AppError('not_found', 'There is no account with this id.');
    const after = { is_admin: updated.is_admin, is_provider: updated.is_provider };
    for (const role of ['is_admin', 'is_provider'] as const) {
      if (before[role] === after[role]) continue;
      const granted = after[role];
      await deps.audit.record(trx, {
        actorId: admin.userId,
        action: granted ? 'user.role_granted' : 'user.role_removed',
        targetType: 'user',
        targetId: userId,
        summary: `${granted ? 'Made' : 'Removed'} ${accountLabel(account)} ${granted ? 'a' : 'as'} ${ROLE_NAME[role]}`,
        before: { [role]: before[role] },
        after: { [role]: after[role] },
      });
    }
    await deps.directory.profileChanged(userId, trx);
    return { id: userId, ...after };
  });
}

/** Soft delete (ADR 134): bookings, reviews and money stay; the address and number are freed. */
export async function deleteUser(deps: Deps, admin: Viewer, userId: string) {
  if (userId === admin.userId) throw new AppError('conflict', 'You cannot delete your own account.');
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockedAccount(trx, userId);
    const email = isPlaceholderEmail(account.email) ? null : account.email;
    if (account.email === deletedAccountEmail(userId)) {
      throw new AppError('conflict', 'This account is already deleted.');
    }
    const { sessionsRevoked } = await softDeleteAccount(trx, userId);
    await deps.audit.record(trx, {
      actorId: admin.userId,
      action: 'user.deleted',
      targetType: 'user',
      targetId: userId,
      summary: `Deleted ${accountLabel(account)}`,
      before: { status: accountStatus(account), email, phone_number: account.phoneNumber },
      after: {
        status: 'disabled',
        is_deleted: true,
        email: null,
        phone_number: null,
        sessions_revoked: sessionsRevoked,
      },
    });
    await deps.directory.profileChanged(userId, trx);
    return { id: userId, deleted: true as const };
  });
}
