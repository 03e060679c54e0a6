import { TOP_NOTIFICATIONS_LIMIT } from '../../../common/constants.ts';
import { notificationActions } from '../../../common/notification-actions.ts';
import {
  DEFAULT_EMAIL_PREFERENCES,
  NOTIFICATION_FALLBACK_TEXT,
  type NotificationType,
  notificationInfo,
} from '../../../common/notification-types.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Contact, DirectoryService } from '../auth/directory-service.ts';
import type { EmailService } from '../email/email-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import {
  claimPendingEmails,
  countNotifications,
  deleteNotification,
  type Executor,
  insertNotifications,
  listNotifications,
  markAllViewed,
  markEmailSent,
  markRead,
  releaseEmailClaim,
} from './repository.ts';

export type NotifyInput = {
  userId: string;
  type: NotificationType;
  message: string;
  meta?: Record<string, unknown>;
};

export type NotificationRecord = Awaited<ReturnType<typeof listNotifications>>[number];

const EMAIL_FLUSH_DELAY_MS = 150;
/** A claimed email copy older than this is assumed lost with its process and is sent again. */
const EMAIL_CLAIM_STALE_MS = 5 * 60 * 1000;

function wantsEmail(type: NotificationType, contact: Contact | undefined): boolean {
  if (!contact?.email) return false;
  const info = notificationInfo(type);
  if ('inAppOnly' in info && info.inAppOnly) return false;
  return contact.emailPreferences[info.category] ?? DEFAULT_EMAIL_PREFERENCES[info.category];
}

export function createNotificationService(deps: {
  db: Db;
  bus: RealtimeBus;
  directory: DirectoryService;
  email: EmailService;
  appUrl: string;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db } = deps;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /**
   * Email copies go out shortly after the notify, by which time the caller's transaction has
   * normally committed (only committed rows can be claimed). Anything later is caught by the
   * per-minute sweep job.
   */
  function scheduleEmailFlush() {
    if (stopped || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      if (!stopped) void sendPendingEmails();
    }, EMAIL_FLUSH_DELAY_MS);
  }

  /**
   * The one way any domain tells a user something: stores the notification, pushes it live on the
   * user's channel and queues the email copy when their preferences want it. Pass the caller's
   * transaction: if it rolls back, nothing is stored, pushed or mailed.
   */
  async function notifyMany(inputs: NotifyInput[], executor: Executor = db): Promise<NotificationRecord[]> {
    if (!inputs.length) return [];
    // Only types that can be emailed need the recipients' addresses and preferences.
    const emailable = inputs.filter((input) => !('inAppOnly' in notificationInfo(input.type)));
    const recipients = [...new Set(emailable.map((input) => input.userId))];
    const contacts = new Map(
      (recipients.length ? await deps.directory.contacts(recipients, executor) : []).map((c) => [c.id, c]),
    );
    const rows = await insertNotifications(
      executor,
      inputs.map((input) => ({
        user_id: input.userId,
        notification_type: input.type,
        message: input.message,
        meta: input.meta ?? {},
        email_state: wantsEmail(input.type, contacts.get(input.userId)) ? 'pending' : 'none',
      })),
    );
    const records = rows.map(({ email_state: _emailState, ...record }) => record);
    await deps.bus.publishMany(
      records.map((record) => ({
        channel: `user:${record.user_id}`,
        event: 'notification',
        payload: record,
      })),
      executor,
    );
    if (rows.some((row) => row.email_state === 'pending')) scheduleEmailFlush();
    return records;
  }

  async function notify(input: NotifyInput, executor: Executor = db): Promise<NotificationRecord> {
    const [row] = await notifyMany([input], executor);
    return row as NotificationRecord;
  }

  async function notifyAdmins(input: Omit<NotifyInput, 'userId'>, executor: Executor = db) {
    const adminIds = await deps.directory.adminIds(executor);
    return notifyMany(
      adminIds.map((userId) => ({ ...input, userId })),
      executor,
    );
  }

  /** Sends due email copies; safe to run from any number of processes at once. */
  async function sendPendingEmails(batchSize = 50): Promise<number> {
    let sent = 0;
    try {
      const claimed = await claimPendingEmails(db, batchSize, EMAIL_CLAIM_STALE_MS);
      const contacts = new Map(
        (await deps.directory.contacts([...new Set(claimed.map((c) => c.user_id))])).map((c) => [c.id, c]),
      );
      for (const row of claimed) {
        const contact = contacts.get(row.user_id);
        if (!contact?.email) {
          await markEmailSent(db, row.id);
          continue;
        }
        const action = notificationActions(row.notification_type, row.meta)[0];
        try {
          await deps.email.send({
            to: contact.email,
            template: 'notification',
            data: {
              name: contact.firstName,
              message: row.message || NOTIFICATION_FALLBACK_TEXT,
              actionLabel: action?.label ?? 'Open Privy',
              actionUrl: `${deps.appUrl}${action?.to ?? '/notifications'}`,
              preferencesUrl: `${deps.appUrl}/profile`,
            },
          });
          await markEmailSent(db, row.id);
          sent++;
        } catch (error) {
          await releaseEmailClaim(db, row.id);
          deps.log.error({ err: error, notificationId: row.id }, 'notification email failed; will retry');
        }
      }
    } catch (error) {
      deps.log.error({ err: error }, 'notification email sweep failed');
    }
    return sent;
  }

  return {
    stop() {
      stopped = true;
      clearTimeout(flushTimer);
    },
    notify,
    notifyMany,
    notifyAdmins,
    sendPendingEmails,
    list: (userId: string, options: { limit?: number; before?: { createdAt: Date; id: string } } = {}) =>
      listNotifications(db, userId, {
        limit: options.limit ?? TOP_NOTIFICATIONS_LIMIT,
        before: options.before,
      }),
    unviewedCount: (userId: string) => countNotifications(db, userId, true),
    totalCount: (userId: string) => countNotifications(db, userId, false),
    markAllViewed: (userId: string) => markAllViewed(db, userId),
    async markRead(userId: string, id: string) {
      const row = await markRead(db, userId, id);
      if (!row) throw new AppError('not_found', 'That notification does not exist.');
      return row;
    },
    async remove(userId: string, id: string) {
      if (!(await deleteNotification(db, userId, id)))
        throw new AppError('not_found', 'That notification does not exist.');
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
