import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

/** /profile/{id}: a member's public face (first name, initial, photo, member since, bathrooms). */
describeWithApp('availability.publicProfile', (ctx) => {
  it("shows the host's first name, last initial, member-since date and only their published bathrooms", async () => {
    const { db, availability } = ctx().services;
    const hostId = await insertHost(db, 'Rosa');
    await insertBathroom(db, { hostId, title: 'Sunny powder room', ...northOf(AUSTIN, 1) });
    await insertBathroom(db, { hostId, title: 'Work in progress', ...northOf(AUSTIN, 1), status: 'draft' });
    await insertBathroom(db, { hostId, title: 'Taken down', ...northOf(AUSTIN, 1), status: 'unlisted' });
    const otherHost = await insertHost(db, 'Omar');
    await insertBathroom(db, { hostId: otherHost, title: 'Not Rosa’s', ...northOf(AUSTIN, 2) });

    const profile = await availability.publicProfile(hostId);
    expect(profile).not.toBeNull();
    expect(profile?.first_name).toBe('Rosa');
    expect(profile?.last_initial).toBe('H');
    expect(Number.isNaN(Date.parse(profile?.member_since ?? ''))).toBe(false);
    expect(profile?.bathrooms.map((bathroom) => bathroom.title)).toEqual(['Sunny powder room']);
    // Nothing private leaks: no email, no exact address, no full last name.
    const json = JSON.stringify(profile);
    expect(json).not.toContain('@example.test');
    expect(json).not.toContain('1 Test St');
    expect(json).not.toContain('"last_name"');
  });

  it('has no public profile for an unknown id, a disabled account or one under review', async () => {
    const { db, availability } = ctx().services;
    expect(await availability.publicProfile('00000000-0000-4000-8000-000000000000')).toBeNull();
    const disabled = await insertHost(db, 'Dana');
    await db.updateTable('profiles').set({ is_deleted: true }).where('id', '=', disabled).execute();
    expect(await availability.publicProfile(disabled)).toBeNull();
    const inReview = await insertHost(db, 'Ivan');
    await db.updateTable('profiles').set({ is_active: false }).where('id', '=', inReview).execute();
    expect(await availability.publicProfile(inReview)).toBeNull();
  });
});
