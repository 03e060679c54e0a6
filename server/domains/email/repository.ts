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

export async function listOutboxMessages(db: Db, limit = 100) {
  return db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findOutboxMessage(db: Db, id: string) {
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
