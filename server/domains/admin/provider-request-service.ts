import type { ProviderDecision, ProviderRequestInput } from '../../../common/schemas/provider-requests.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import type { Viewer } from '../auth/auth-service.ts';
import {
  findLatestProviderRequest,
  findProviderRequest,
  insertProviderRequest,
  listProviderRequests,
  markProviderRequestAnnounced,
  type ProviderRequestFilter,
  transitionProviderRequest,
} from './repository.ts';

type Deps = {
  db: AppServices['db'];
  notifications: AppServices['notifications'];
  directory: AppServices['directory'];
  realtime: { bus: AppServices['realtime']['bus'] };
  /** Revoking hides the host's listings and cancels their bookings still ahead. */
  properties: Pick<AppServices['properties'], 'unlistAllForHost'>;
  bookings: Pick<AppServices['bookings'], 'cancelFormerHostBookings'>;
  log: Pick<AppServices['log'], 'error'>;
};
type Executor = Parameters<typeof insertProviderRequest>[0];
type RequestRow = NonNullable<Awaited<ReturnType<typeof findProviderRequest>>>;

function requestMessage(row: RequestRow): string {
  return `${row.first_name} ${row.last_name} (${row.email}) asked to become a provider.`;
}

/** Tells every admin, live and by email, and updates open admin pages (spec §7 notify-all-admins). */
async function announce(deps: Deps, executor: Executor, row: RequestRow) {
  const announced = await markProviderRequestAnnounced(executor, row.id);
  if (!announced) return false;
  await deps.notifications.notifyAdmins(
    {
      type: 'BECOME_PROVIDER_REQUEST',
      message: requestMessage(row),
      meta: { request_id: row.id, user_id: row.user_id },
    },
    executor,
  );
  await deps.realtime.bus.publish('admins', 'provider_request', { id: row.id, status: row.status }, executor);
  return true;
}

/** A signed-in user asks to become a provider; all admins hear of it in the same transaction. */
export async function submitProviderRequest(deps: Deps, viewer: Viewer, input: ProviderRequestInput) {
  if (viewer.profile.is_provider) throw new AppError('conflict', 'You are already a provider.');
  const latest = await findLatestProviderRequest(deps.db, viewer.userId);
  if (latest?.status === 'pending') {
    throw new AppError(
      'conflict',
      'You already have a request waiting for review. We will let you know soon.',
    );
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await insertProviderRequest(trx, { user_id: viewer.userId, ...input });
      await announce(deps, trx, row);
      return row;
    });
  } catch (error) {
    // The partial unique index is the final word when two submissions race.
    if (String((error as { code?: string }).code) === '23505') {
      throw new AppError(
        'conflict',
        'You already have a request waiting for review. We will let you know soon.',
      );
    }
    throw error;
  }
}

/**
 * Spec §7 `POST /api/notifications/notify-all-admins`: announces the caller's own pending request.
 * Anyone without one may not send it; a request is announced once.
 */
export async function notifyAdminsOfOwnRequest(deps: Deps, viewer: Viewer, requestId: string | undefined) {
  const latest = await findLatestProviderRequest(deps.db, viewer.userId);
  if (latest?.status !== 'pending' || (requestId && latest.id !== requestId)) {
    throw new AppError('forbidden', 'Only someone with a pending provider request may notify the admins.');
  }
  const sent = await deps.db.transaction().execute((trx) => announce(deps, trx, latest));
  if (!sent) throw new AppError('conflict', 'The admins have already been told about this request.');
  return { notified: true };
}

export function latestProviderRequest(deps: Deps, userId: string) {
  return findLatestProviderRequest(deps.db, userId);
}

export function listRequests(deps: Deps, filter: ProviderRequestFilter) {
  return listProviderRequests(deps.db, filter);
}

const DECISIONS = {
  approve: {
    from: 'pending',
    to: 'approved',
    isProvider: true,
    type: 'BECOME_PROVIDER_REQUEST_APPROVED',
    message:
      'Welcome aboard! Your request to become a provider was approved. You can now list your bathroom.',
  },
  reject: {
    from: 'pending',
    to: 'rejected',
    isProvider: null,
    type: 'BECOME_PROVIDER_REQUEST_REJECTED',
    message:
      'Your request to become a provider was not approved this time. You are welcome to apply again later.',
  },
  revoke: {
    from: 'approved',
    to: 'revoked',
    isProvider: false,
    type: 'BECOME_PROVIDER_REQUEST_REVOKED',
    message: 'Your provider access has been revoked. Contact support if you think this is a mistake.',
  },
} as const;

const AUDIT_VERBS = { approve: 'Approved', reject: 'Rejected', revoke: 'Revoked' } as const;

/**
 * Approve, reject or revoke, in one transaction: the request's state, the profile's is_provider,
 * the user's notification, and a live profile refresh for their open tabs.
 */
export async function decideProviderRequest(
  deps: Deps,
  admin: Viewer,
  id: string,
  decision: ProviderDecision,
) {
  const rule = DECISIONS[decision];
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await transitionProviderRequest(trx, id, rule.from, rule.to, admin.userId);
    if (!row) {
      const existing = await findProviderRequest(trx, id);
      if (!existing) throw new AppError('not_found', 'There is no provider request with this id.');
      throw new AppError('conflict', `This request is ${existing.status}; it cannot be ${rule.to} now.`);
    }
    if (rule.isProvider !== null) await deps.directory.setProvider(row.user_id, rule.isProvider, trx);
    if (decision === 'revoke') await deps.properties.unlistAllForHost(row.user_id, trx);
    await deps.notifications.notify(
      { userId: row.user_id, type: rule.type, message: rule.message, meta: { request_id: row.id } },
      trx,
    );
    await deps.directory.profileChanged(row.user_id, trx);
    await deps.realtime.bus.publish('admins', 'provider_request', { id: row.id, status: row.status }, trx);
    await recordAdminAction(trx, {
      actorId: admin.userId,
      action: `provider_request.${rule.to}`,
      targetType: 'provider_request',
      targetId: row.id,
      summary: `${AUDIT_VERBS[decision]} ${row.first_name} ${row.last_name} (${row.email}) as a provider`,
      before: { status: rule.from },
      after: { status: rule.to, user_id: row.user_id },
    });
    return row;
  });
  if (decision === 'revoke') {
    // Each cancellation is its own transaction with its refund (booking-life.ts); one that fails
    // here is retried by the minute sweep, which cancels any former host's bookings still ahead.
    try {
      await deps.bookings.cancelFormerHostBookings({ hostId: row.user_id, cancelledBy: admin.userId });
    } catch (error) {
      deps.log.error({ err: error, hostId: row.user_id }, 'revoked host: bookings left for the sweep');
    }
  }
  return row;
}

/** The provider-request functions bound to their dependencies, as services expose them. */
export function createProviderRequestService(deps: Deps) {
  return {
    submit: (viewer: Viewer, input: ProviderRequestInput) => submitProviderRequest(deps, viewer, input),
    notifyAdminsOfOwnRequest: (viewer: Viewer, requestId: string | undefined) =>
      notifyAdminsOfOwnRequest(deps, viewer, requestId),
    latest: (userId: string) => latestProviderRequest(deps, userId),
    list: (filter: ProviderRequestFilter) => listRequests(deps, filter),
    decide: (admin: Viewer, id: string, decision: ProviderDecision) =>
      decideProviderRequest(deps, admin, id, decision),
  };
}

export type ProviderRequestService = ReturnType<typeof createProviderRequestService>;
