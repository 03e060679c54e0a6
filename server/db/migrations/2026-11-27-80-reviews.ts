import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Reviews, both ways (ADR 124): per completed, checked-in booking one review by its guest of the
// bathroom (overall plus three categories, an optional public comment) and one by its host of the
// guest (overall, an optional private note). Both stay hidden (published_at null) until both are
// written or the 14-day window closes; then both publish at once. The bathroom's averages per
// category are kept on the bathroom in the publishing transaction (ADR 125), next to the
// existing rating_average and rating_count that search filters and sorts on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reviews (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null references bookings (id) on delete cascade,
      bathroom_id uuid not null references bathrooms (id) on delete cascade,
      side text not null check (side in ('guest', 'host')),
      author_id text not null references "user" ("id"),
      -- Whom the review is about: the host for a guest's review, the guest for a host's.
      subject_id text not null references "user" ("id"),
      rating smallint not null check (rating between 1 and 5),
      cleanliness smallint check (cleanliness between 1 and 5),
      accuracy smallint check (accuracy between 1 and 5),
      communication smallint check (communication between 1 and 5),
      comment text check (char_length(comment) <= 2000),
      private_note text check (char_length(private_note) <= 2000),
      published_at timestamptz,
      reply text check (char_length(reply) between 1 and 2000),
      replied_at timestamptz,
      hidden_at timestamptz,
      hidden_reason text check (char_length(hidden_reason) between 1 and 500),
      hidden_by text references "user" ("id"),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (booking_id, side),
      check (side = 'host' or (cleanliness is not null and accuracy is not null
                               and communication is not null and private_note is null)),
      check (side = 'guest' or (cleanliness is null and accuracy is null and communication is null
                                and comment is null and reply is null)),
      check ((reply is null) = (replied_at is null)),
      check (reply is null or published_at is not null),
      check ((hidden_at is null) = (hidden_reason is null))
    )`.execute(db);
  // A listing's published reviews, newest first, and the aggregate the publication recomputes.
  await sql`
    create index reviews_bathroom_published_idx on reviews (bathroom_id, published_at desc, id desc)
      where side = 'guest' and published_at is not null and hidden_at is null`.execute(db);
  // A person's rating on their public profile (a host's from guests, a guest's from hosts).
  await sql`
    create index reviews_subject_published_idx on reviews (subject_id, side)
      where published_at is not null and hidden_at is null`.execute(db);
  // The sweep publishes what is still hidden when the window closes.
  await sql`create index reviews_unpublished_idx on reviews (booking_id) where published_at is null`.execute(
    db,
  );
  await sql`
    alter table bathrooms
      add column rating_cleanliness numeric(2, 1),
      add column rating_accuracy numeric(2, 1),
      add column rating_communication numeric(2, 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bathrooms
      drop column rating_communication,
      drop column rating_accuracy,
      drop column rating_cleanliness`.execute(db);
  await sql`drop table reviews`.execute(db);
}
