import { sql } from 'kysely';
import type { Executor } from './repository.ts';

/** SQL of the message notices (ADR 122): the email deferral, the hourly cap and the reply reminder. */

/**
 * Claims messages whose email moment has come (sent `delayMinutes` ago and not checked yet),
 * stamping them checked in the caller's transaction: each is decided once, whichever process
 * sweeps (`skip locked`: two sweeps take different rows). Oldest first.
 */
export async function claimMessagesForEmail(db: Executor, now: Date, delayMinutes: number, limit: number) {
  const due = db
    .selectFrom('messages')
    .select('id')
    .where('email_checked_at', 'is', null)
    .where('created_at', '<=', new Date(now.getTime() - delayMinutes * 60_000))
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('messages as m')
    .from('conversations as c')
    .set({ email_checked_at: now })
    .whereRef('c.id', '=', 'm.conversation_id')
    .where('m.id', 'in', due)
    .returning([
      'm.id',
      'm.conversation_id',
      'm.sender_id',
      'm.created_at',
      'm.read_at',
      'm.deleted_at',
      'm.received_notice_id',
      'c.guest_id',
      'c.host_id',
    ])
    .execute();
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
}

/**
 * Takes the conversation's hourly email turn for one party: true when that party was not emailed
 * about it within `capMinutes` (and stamps now), false otherwise. The guarded UPDATE locks the row,
 * so two sweeps cannot both take the same turn.
 */
export async function takeEmailTurn(
  db: Executor,
  conversationId: string,
  party: 'guest' | 'host',
  now: Date,
  capMinutes: number,
): Promise<boolean> {
  const column = party === 'guest' ? 'guest_emailed_at' : 'host_emailed_at';
  const result = await db
    .updateTable('conversations')
    .set({ [column]: now })
    .where('id', '=', conversationId)
    .where((eb) =>
      eb.or([eb(column, 'is', null), eb(column, '<=', new Date(now.getTime() - capMinutes * 60_000))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims the conversations whose host has not answered the guest, `leadMinutes` before a confirmed
 * booking starts: the latest message (deleted ones aside) is the guest's and was sent before that
 * mark. Stamped in the caller's transaction, so each booking's host is reminded once.
 */
export async function claimReplyReminders(db: Executor, now: Date, leadMinutes: number, limit = 200) {
  const horizon = new Date(now.getTime() + leadMinutes * 60_000);
  const due = db
    .selectFrom('conversations as c')
    .select('c.id')
    .where('c.reply_reminded_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bookings as k')
          .select('k.id')
          .whereRef('k.id', '=', 'c.booking_id')
          .where('k.status', '=', 'confirmed')
          .where('k.starts_at', '>', now)
          .where('k.starts_at', '<=', horizon)
          // The latest message that still shows: the guest's, and older than the mark.
          .where(
            sql<boolean>`(
              select m.sender_id = c.guest_id
                and m.created_at <= k.starts_at - make_interval(mins => ${leadMinutes}::int)
              from messages m
              where m.conversation_id = c.id and m.deleted_at is null
              order by m.created_at desc, m.id desc
              limit 1)`,
          ),
      ),
    )
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('conversations as c')
    .from(['bookings as k', 'bathrooms as b', 'profiles as g', 'profiles as h'])
    .set({ reply_reminded_at: now })
    .whereRef('k.id', '=', 'c.booking_id')
    .whereRef('b.id', '=', 'k.bathroom_id')
    .whereRef('g.id', '=', 'c.guest_id')
    .whereRef('h.id', '=', 'c.host_id')
    .where('c.id', 'in', due)
    .returning([
      'c.booking_id',
      'c.guest_id',
      'c.host_id',
      'g.first_name as guest_first_name',
      'h.first_name as host_first_name',
      'k.starts_at',
      'b.id as bathroom_id',
      'b.title as bathroom_title',
      'b.timezone',
    ])
    .execute();
}
