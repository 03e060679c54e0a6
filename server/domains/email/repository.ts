import type { Db } from '../../db/database.ts';

export type OutboxChannel = 'email' | 'sms';

export type NewOutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  html: string | null;
  text: string;
};

export async function insertOutboxMessage(db: Db, message: NewOutboxMessage) {
  return db
    .insertInto('outbox_messages')
    .values(message)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export type OutboxListFilter = { recipient?: string | undefined; limit?: number | undefined };

export async function listOutboxMessages(db: Db, filter: OutboxListFilter = {}) {
  let query = db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'created_at'])
    .orderBy('seq', 'desc')
    .limit(filter.limit ?? 100);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  return query.execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Undefined for an id that is not a uuid, instead of letting PostgreSQL refuse the cast. */
export async function findOutboxMessage(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
