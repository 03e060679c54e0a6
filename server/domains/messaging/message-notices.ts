import { CONVERSATION_OPEN_AFTER_END_DAYS, type Message } from '../../../common/schemas/messages.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import type { Db } from '../../db/database.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService, NotifyInput } from '../notifications/notification-service.ts';
import type { ConversationFacts } from './conversation-rules.ts';
import { claimMessagesForEmail, claimReplyReminders, takeEmailTurn } from './notices-repository.ts';
import { type Executor, findConversationContext } from './repository.ts';

/**
 * The MESSAGE_* notices (spec §3, ADR 122). Each is stored through the notification service in the
 * transaction of the step that causes it, so a rolled-back step tells nobody anything:
 * - MESSAGE_RECEIVED to the recipient of a new message, in the app at once; its email copy is held
 *   and sent only if the message is still unread EMAIL_AFTER_MINUTES later, at most once per
 *   EMAIL_CAP_MINUTES per conversation and recipient (the minute sweep below decides);
 * - MESSAGE_READ to the sender when the other party reads (one per read that marks something);
 * - MESSAGE_DELETED to the other party when a message is deleted;
 * - MESSAGE_REMINDER to a host whose guest's message is unanswered REPLY_REMINDER_MINUTES before
 *   the start, once per booking;
 * - MESSAGE_REVIEW to both parties when the booking completes: a last word while messages are open.
 * MESSAGE_SENT is not created: the sender sees the message in the thread they wrote it in, with
 * its own Sent and Seen marks, so a panel entry for one's own action would only repeat it.
 */

export const EMAIL_AFTER_MINUTES = 10;
export const EMAIL_CAP_MINUTES = 60;
export const REPLY_REMINDER_MINUTES = 30;
export const MESSAGING_SWEEP_JOB = 'messaging.sweep';
/** Messages decided per transaction; a fuller batch means more are due and the sweep goes on. */
const EMAIL_BATCH = 200;

type Party = 'guest' | 'host';
type Notices = Pick<
  NotificationService,
  'notifyMany' | 'stageMany' | 'queueDeferredEmails' | 'dropDeferredEmails'
>;

/** What a notice needs of the booking and its conversation. */
type NoticeFacts = Pick<
  ConversationFacts,
  | 'booking_id'
  | 'starts_at'
  | 'bathroom_id'
  | 'bathroom_title'
  | 'timezone'
  | 'guest_id'
  | 'guest_first_name'
  | 'host_id'
  | 'host_first_name'
>;

/**
 * A message just stored: the conversation's facts, who sent it (guest or host), the message, and
 * the id its recipient's notice is to have (stored on the message for the email sweep).
 */
export type ReceivedMessage = { facts: NoticeFacts; sender: Party; message: Message; noticeId: string };

const other = (party: Party): Party => (party === 'guest' ? 'host' : 'guest');
const idOf = (facts: NoticeFacts, party: Party) => (party === 'guest' ? facts.guest_id : facts.host_id);

/** A party's first name, or who they are to the reader when they have none. */
function nameOf(facts: NoticeFacts, party: Party, capital = true): string {
  const name = (party === 'guest' ? facts.guest_first_name : facts.host_first_name)?.trim();
  if (name) return name;
  return `${capital ? 'Your' : 'your'} ${party}`;
}

/** "your booking at Sunny Loft on Tue, Dec 1, 2026, 3:00 PM" for the guest, "the booking …" for the host. */
function bookingWords(facts: NoticeFacts, reader: Party): string {
  const when = formatWallClock(facts.starts_at, facts.timezone);
  return `${reader === 'guest' ? 'your' : 'the'} booking at ${facts.bathroom_title} on ${when}`;
}

/** The meta every booking notice carries (spec §3), with the other party as the message contact. */
function metaFor(facts: NoticeFacts, contact: { sender_id: string } | { user_id: string }) {
  return {
    booking_id: facts.booking_id,
    bathroom_id: facts.bathroom_id,
    ...contact,
    booking: {
      start_time: new Date(facts.starts_at).toISOString(),
      bathroom: { title: facts.bathroom_title },
    },
  };
}

export function createMessageNotices(deps: { db: Db; notifications: Notices; now: () => Date }) {
  const { db, notifications } = deps;

  /**
   * New messages' notices, one to each recipient (its id chosen by the send and stored on the
   * message), its email copy held for the sweep: staged for the send's own statement to store
   * (NotificationService.stageMany, ADR 154).
   */
  function stageReceived(sent: ReceivedMessage[], createdAt: Date) {
    return notifications.stageMany(
      sent.map(({ facts, sender, message, noticeId }) => {
        const recipient = other(sender);
        return {
          id: noticeId,
          userId: idOf(facts, recipient),
          type: 'MESSAGE_RECEIVED' as const,
          message: `${nameOf(facts, sender)} sent you a message about ${bookingWords(facts, recipient)}.`,
          meta: metaFor(facts, { sender_id: message.senderId }),
          deferEmail: true,
        };
      }),
      createdAt,
    );
  }

  /** The reader marked `count` (at least one) of the other party's messages read. */
  async function read(trx: Executor, facts: NoticeFacts, reader: Party, count: number) {
    const writer = other(reader);
    const what = count === 1 ? 'your message' : 'your messages';
    await notifications.notifyMany(
      [
        {
          userId: idOf(facts, writer),
          type: 'MESSAGE_READ',
          message: `${nameOf(facts, reader)} read ${what} about ${bookingWords(facts, writer)}.`,
          meta: metaFor(facts, { user_id: idOf(facts, reader) }),
        },
      ],
      trx,
    );
  }

  /** The deleter took one of their messages back: the other party is told it is gone. */
  async function deleted(trx: Executor, facts: NoticeFacts, deleter: Party) {
    const reader = other(deleter);
    await notifications.notifyMany(
      [
        {
          userId: idOf(facts, reader),
          type: 'MESSAGE_DELETED',
          message: `${nameOf(facts, deleter)} deleted a message about ${bookingWords(facts, reader)}.`,
          meta: metaFor(facts, { sender_id: idOf(facts, deleter) }),
        },
      ],
      trx,
    );
  }

  /** The booking completed (in the completing transaction): both parties may add a last word. */
  async function bookingCompleted(trx: Executor, bookingId: string) {
    const facts = await findConversationContext(trx, bookingId);
    if (!facts) return;
    const invite = (reader: Party): NotifyInput => ({
      userId: idOf(facts, reader),
      type: 'MESSAGE_REVIEW',
      message: `Anything else to tell ${nameOf(facts, other(reader), false)} about ${bookingWords(facts, reader)}? Messages stay open for ${CONVERSATION_OPEN_AFTER_END_DAYS} days.`,
      meta: metaFor(facts, { user_id: idOf(facts, other(reader)) }),
    });
    await notifications.notifyMany([invite('guest'), invite('host')], trx);
  }

  /**
   * One batch of due email copies: each claimed message is decided once. Unread and the
   * recipient's hourly turn free → queued (the sender then checks address and preferences);
   * read, deleted, or the recipient already emailed about this conversation within the hour →
   * dropped (the notice stays in the app).
   */
  async function decideEmails(trx: Executor, now: Date) {
    const rows = await claimMessagesForEmail(trx, now, EMAIL_AFTER_MINUTES, EMAIL_BATCH);
    const queue: string[] = [];
    const drop: string[] = [];
    for (const row of rows) {
      if (!row.received_notice_id) continue;
      const recipient: Party = row.sender_id === row.guest_id ? 'host' : 'guest';
      const unread = row.read_at === null && row.deleted_at === null;
      const turn =
        unread && (await takeEmailTurn(trx, row.conversation_id, recipient, now, EMAIL_CAP_MINUTES));
      (turn ? queue : drop).push(row.received_notice_id);
    }
    await notifications.queueDeferredEmails(queue, trx);
    await notifications.dropDeferredEmails(drop, trx);
    return { claimed: rows.length, queued: queue.length };
  }

  async function remindHosts(trx: Executor, now: Date) {
    const rows = await claimReplyReminders(trx, now, REPLY_REMINDER_MINUTES);
    await notifications.notifyMany(
      rows.map((row) => {
        const facts: NoticeFacts = row;
        const minutes = Math.max(1, Math.round((new Date(row.starts_at).getTime() - now.getTime()) / 60_000));
        return {
          userId: row.host_id,
          type: 'MESSAGE_REMINDER' as const,
          message: `${nameOf(facts, 'guest')} is waiting for your answer: ${bookingWords(facts, 'host')} starts in ${minutes} minutes.`,
          meta: metaFor(facts, { user_id: row.guest_id }),
        };
      }),
      trx,
    );
    return rows.length;
  }

  return {
    stageReceived,
    read,
    deleted,
    bookingCompleted,
    /** The minute sweep: due email copies, then reply reminders; returns what it did. */
    async sweep() {
      const now = deps.now();
      let emailsQueued = 0;
      for (;;) {
        const batch = await db.transaction().execute((trx) => decideEmails(trx, now));
        emailsQueued += batch.queued;
        if (batch.claimed < EMAIL_BATCH) break;
      }
      const reminded = await db.transaction().execute((trx) => remindHosts(trx, now));
      return { emailsQueued, reminded };
    },
  };
}

export type MessageNotices = ReturnType<typeof createMessageNotices>;

/** The minute sweep job; pg-boss runs each tick once across processes, the claims do the rest. */
export function defineMessagingJobs(
  jobs: Pick<Scheduler, 'define'>,
  messaging: { sweepNotices: () => Promise<unknown> },
) {
  jobs.define({
    name: MESSAGING_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await messaging.sweepNotices();
    },
  });
}
