import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The add-a-bathroom steps a host has saved (ADR 117), so a draft reopens at its first unsaved
// step with the earlier ones ticked. Only the steps the other columns cannot answer truthfully are
// kept here: a new draft already opens every day and carries a default price, so its hours, its
// (possibly empty) amenities and its (possibly empty) rules say nothing about whether the host
// has been through those steps. Basics, address and photos are read from the data itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bathrooms
      add column completed_steps text[] not null default '{}'
        check (completed_steps <@ array['hours', 'amenities', 'rules']::text[])`.execute(db);
  // Listings that were published went through every step (or were imported whole).
  await sql`
    update bathrooms set completed_steps = array['hours', 'amenities', 'rules']::text[]
    where status <> 'draft'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bathrooms drop column if exists completed_steps`.execute(db);
}
