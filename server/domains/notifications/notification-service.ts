import { randomUUID } from 'node:crypto';
import { TOP_NOTIFICATIONS_LIMIT } from '../../../common/constants.ts';
import { notificationActions } from '../../../common/notification-actions.ts';
import { notificationTitle } from '../../../common/notification-titles.ts';
import {
  DEFAULT_EMAIL_PREFERENCES,
  isNotificationType,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_FALLBACK_TEXT,
  type NotificationType,
  notificationInfo,
} from '../../../common/notification-types.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Contact, DirectoryService } from '../auth/directory-service.ts';
import type { EmailService } from '../email/email-service.ts';
import { encode, type RealtimeBus, type RealtimeEvent } from '../realtime/bus.ts';
import {
  claimPendingEmails,
  countNotifications,
  decideDeferredEmails,
  deleteNotification,
  type Executor,
  insertNotifications,
  listNotifications,
  markAllViewed,
  markEmailNotWanted,
  markEmailSent,
  markRead,
  notificationsInsert,
  releaseEmailClaim,
} from './repository.ts';

export type NotifyInput = {
  /** The notification's id when the caller needs it beforehand (to store it beside its cause). */
  id?: string;
  userId: string;
  type: NotificationType;
  message: string;
  meta?: Record<string, unknown>;
  /**
   * Hold the email copy instead of queueing it: the calling domain later queues it
   * (queueDeferredEmails) or drops it (dropDeferredEmails), e.g. a message's copy goes out only if
   * it is still unread ten minutes later (ADR 122). No effect on types that are never emailed.
   */
  deferEmail?: boolean;
};

export type NotificationRecord = Awaited<ReturnType<typeof listNotifications>>[number];

const EMAIL_FLUSH_DELAY_MS = 150;
/** A claimed email copy older than this is assumed lost with its process and is sent again. */
const EMAIL_CLAIM_STALE_MS = 5 * 60 * 1000;

/** Whether a type ever has an email copy (receipts such as MESSAGE_SENT stay in the app). */
function isEmailable(type: NotificationType): boolean {
  return !('inAppOnly' in notificationInfo(type));
}

/** Whether this person wants this copy now: an address to send to, and the category switched on. */
function wantsEmail(type: string, contact: Contact | undefined): boolean {
  if (!contact?.email || !isNotificationType(type) || !isEmailable(type)) return false;
  const { category } = notificationInfo(type);
  return contact.emailPreferences[category] ?? DEFAULT_EMAIL_PREFERENCES[category];
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
  /** This process's background drain, while one runs (callers of sendPendingEmails wait for it). */
  let backgroundDrain: Promise<number> | undefined;
  let stopped = false;

  /**
   * Email copies go out shortly after the notify, by which time the caller's transaction has
   * normally committed (only committed rows can be claimed). Anything later is caught by the
   * per-minute sweep job. While a drain runs, the next one waits for it.
   */
  function scheduleEmailFlush() {
    if (stopped || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      if (stopped) return;
      if (backgroundDrain) return scheduleEmailFlush();
      backgroundDrain = drainPendingEmails().finally(() => {
        backgroundDrain = undefined;
      });
    }, EMAIL_FLUSH_DELAY_MS);
  }

  /**
   * The one way any domain tells a user something: stores the notification, pushes it live on the
   * user's channel and queues the email copy when their preferences want it. Pass the caller's
   * transaction: if it rolls back, nothing is stored, pushed or mailed.
   *
   * One statement for any number of recipients (a fan-out to 1,000 users must reach them within
   * 100 ms, docs/PERFORMANCE.md): the insert and the NOTIFYs together (ADR 152). Preferences are not read here:
   * every emailable notification is queued in the outbox, and the sender checks the recipient's
   * address and preferences when it sends (sendPendingEmails).
   */
  async function notifyMany(
    inputs: NotifyInput[],
    executor: Executor = db,
    /** The caller's own events of the same write, sent first in the same NOTIFY round trip. */
    options: { withEvents?: RealtimeEvent[] } = {},
  ): Promise<NotificationRecord[]> {
    if (!inputs.length) return [];
    const staged = stageMany(inputs, new Date());
    await deps.bus.publishEncodedWithin(
      [...(options.withEvents ?? []).map(encode), ...staged.events],
      (notify) => insertNotifications(executor, staged.rows, staged.createdAt, notify),
    );
    staged.written();
    return staged.records;
  }

  /**
   * notifyMany's rows, records and live events, for a caller that writes them in its own statement
   * (ADR 154): `insert` is the data-modifying CTE that stores them, `events` are to be sent by the
   * same statement (the realtime bus's publishEncodedWithin), and `written()` is called once it has
   * committed. Every row shares `createdAt`, stamped here, not by the database, so the live events
   * can be written before the insert and leave in its statement (ADR 152).
   */
  function stageMany(inputs: NotifyInput[], createdAt: Date) {
    const rows = inputs.map((input) => ({
      id: input.id ?? randomUUID(),
      user_id: input.userId,
      notification_type: input.type,
      message: input.message,
      meta: JSON.stringify(input.meta ?? {}),
      email_state: !isEmailable(input.type)
        ? ('none' as const)
        : input.deferEmail
          ? ('deferred' as const)
          : ('pending' as const),
    }));
    const createdAtJson = JSON.stringify(createdAt);
    const records: NotificationRecord[] = [];
    const events: Array<{ channel: string; text: string }> = [];
    for (const row of rows) {
      records.push({
        id: row.id,
        user_id: row.user_id,
        notification_type: row.notification_type,
        message: row.message,
        created_at: new Date(createdAt),
        viewed: false,
        read: false,
        // What the column holds (JSON round trip), not the caller's object.
        meta: JSON.parse(row.meta) as Record<string, unknown>,
      });
      // The event's text, as JSON.stringify would write it for this record (same keys, same
      // order), assembled from parts that are JSON already: a fan-out's 1,000 events were the
      // largest JavaScript cost of the burst when each record was serialised whole.
      const channel = `user:${row.user_id}`;
      events.push({
        channel,
        text:
          `{"channel":${JSON.stringify(channel)},"event":"notification","payload":{"id":"${row.id}",` +
          `"user_id":${JSON.stringify(row.user_id)},"notification_type":${JSON.stringify(row.notification_type)},` +
          `"message":${JSON.stringify(row.message)},"created_at":${createdAtJson},"viewed":false,"read":false,` +
          `"meta":${row.meta}}}`,
      });
    }
    return {
      rows,
      records,
      events,
      createdAt,
      insert: notificationsInsert(rows, createdAt),
      written: () => {
        if (rows.some((row) => row.email_state === 'pending')) scheduleEmailFlush();
      },
    };
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

  /**
   * Sends every due email copy and returns once they are out, including the copies this
   * process's background drain had already claimed (those are not claimable again until stale,
   * so without the wait a caller could return before they were sent).
   */
  async function sendPendingEmails(batchSize = 50): Promise<number> {
    await backgroundDrain;
    return drainPendingEmails(batchSize);
  }

  /**
   * Sends every due email copy, `batchSize` at a time, until none is left (a fan-out's 1,000
   * copies go out now, not 50 a minute); safe to run from any number of processes at once. Stops
   * early when a send fails (the next sweep retries) or the service stops. Never rejects.
   */
  async function drainPendingEmails(batchSize = 50): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const claimed = await claimPendingEmails(db, batchSize, EMAIL_CLAIM_STALE_MS);
        if (!claimed.length) break;
        const contacts = new Map(
          (await deps.directory.contacts([...new Set(claimed.map((c) => c.user_id))])).map((c) => [c.id, c]),
        );
        const wanted = claimed.filter((row) => wantsEmail(row.notification_type, contacts.get(row.user_id)));
        const wantedIds = new Set(wanted.map((row) => row.id));
        await markEmailNotWanted(
          db,
          claimed.filter((row) => !wantedIds.has(row.id)).map((row) => row.id),
        );
        let failed = false;
        for (const row of wanted) {
          // Stopping (shutdown): leave the rest claimed; the stale-claim rule sends them later.
          if (stopped) break;
          const contact = contacts.get(row.user_id) as Contact;
          const action = notificationActions(row.notification_type, row.meta)[0];
          try {
            await deps.email.send({
              to: contact.email as string,
              template: 'notification',
              data: {
                name: contact.firstName,
                title: notificationTitle(row.notification_type),
                message: row.message || NOTIFICATION_FALLBACK_TEXT,
                categoryLabel: isNotificationType(row.notification_type)
                  ? NOTIFICATION_CATEGORY_LABELS[notificationInfo(row.notification_type).category].label
                  : 'Account',
                actionLabel: action?.label ?? 'Open Privy',
                actionUrl: `${deps.appUrl}${action?.to ?? '/notifications'}`,
                preferencesUrl: `${deps.appUrl}/profile`,
              },
            });
            await markEmailSent(db, row.id);
            sent++;
          } catch (error) {
            failed = true;
            await releaseEmailClaim(db, row.id);
            deps.log.error({ err: error, notificationId: row.id }, 'notification email failed; will retry');
          }
        }
        if (failed || stopped || claimed.length < batchSize) break;
        // Let live traffic (pushes, requests) through between the batches of a large fan-out.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      deps.log.error({ err: error }, 'notification email sweep failed');
    }
    return sent;
  }

  return {
    /**
     * Queues held email copies (deferEmail) for sending; the sender still checks the recipient's
     * address and preferences. Pass the caller's transaction; copies already decided stay as they are.
     */
    async queueDeferredEmails(ids: string[], executor: Executor = db): Promise<number> {
      const queued = await decideDeferredEmails(executor, ids, 'pending');
      if (queued) scheduleEmailFlush();
      return queued;
    },
    /** Drops held email copies: their notices stay in the app, no email is ever sent for them. */
    dropDeferredEmails: (ids: string[], executor: Executor = db): Promise<number> =>
      decideDeferredEmails(executor, ids, 'none'),
    stop() {
      stopped = true;
      clearTimeout(flushTimer);
    },
    notify,
    notifyMany,
    stageMany,
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
