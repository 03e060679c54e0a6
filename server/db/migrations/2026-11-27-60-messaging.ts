import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Messaging (ADR 119): one conversation per booking between its guest and the host of its
// bathroom, and its messages. A deleted message keeps its row (content emptied, deleted_at set) so
// both parties see where it was. client_id is the sender's own id for an optimistic send: the
// unique key makes a retried send find the first one instead of inserting it twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversations (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null unique references bookings (id) on delete cascade,
      guest_id text not null references "user" ("id"),
      host_id text not null references "user" ("id"),
      created_at timestamptz not null default now()
    )`.execute(db);
  // A user's conversations, as guest and as host: the list and the unread count start here.
  await sql`create index conversations_guest_idx on conversations (guest_id)`.execute(db);
  await sql`create index conversations_host_idx on conversations (host_id)`.execute(db);

  await sql`
    create table messages (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references conversations (id) on delete cascade,
      sender_id text not null references "user" ("id"),
      content text not null check (char_length(content) <= 2000),
      -- Milliseconds, like the cursor that pages by it (JavaScript dates carry no more).
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      read_at timestamptz,
      edited_at timestamptz,
      deleted_at timestamptz,
      client_id uuid,
      check (deleted_at is null or content = ''),
      check (deleted_at is not null or char_length(content) >= 1)
    )`.execute(db);
  // NULL client ids never collide, so sends without one are unaffected.
  await sql`
    create unique index messages_client_id_key on messages (conversation_id, sender_id, client_id)`.execute(
    db,
  );
  // A conversation's latest messages, and the older pages before a (created_at, id) cursor.
  await sql`
    create index messages_conversation_latest_idx
      on messages (conversation_id, created_at desc, id desc)`.execute(db);
  // The unread messages (spec get_user_unread_count): few rows, so the count stays one cheap query.
  await sql`
    create index messages_unread_idx on messages (conversation_id, sender_id)
      where read_at is null and deleted_at is null`.execute(db);
  // Bookings confirmed before messaging existed get their conversation now (paid at some point:
  // confirmed, checked in, completed, or cancelled after confirmation).
  await sql`
    insert into conversations (booking_id, guest_id, host_id)
    select k.id, k.guest_id, b.host_id
    from bookings k join bathrooms b on b.id = k.bathroom_id
    where k.status in ('confirmed', 'checked_in', 'completed')
       or (k.status = 'cancelled' and k.confirmed_at is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists messages`.execute(db);
  await sql`drop table if exists conversations`.execute(db);
}
