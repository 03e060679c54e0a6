import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { auditEntriesOf } from '../audit/audit-test-support.ts';
import { publishedBathroom } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import { adminMatrixCast, expectOk } from './user-admin-test-support.ts';

describeWithApp('DELETE /api/admin/users/:id (soft delete)', (ctx) => {
  it('frees the email and phone, revokes sessions, keeps bookings and money, and is audited', async () => {
    const { admin, guest, host } = await adminMatrixCast(ctx);
    const db = ctx().services.db;
    await db
      .updateTable('user')
      .set({ phoneNumber: '+15125550142', phoneNumberVerified: true })
      .where('id', '=', guest.id)
      .execute();
    const bathroomId = await publishedBathroom(ctx, host.id);
    const bookingId = await confirmedBooking(ctx, guest, bathroomId);
    const ledgerBefore = await db.selectFrom('ledger_entries').select('id').execute();
    const session = await db
      .selectFrom('session')
      .selectAll()
      .where('userId', '=', guest.id)
      .executeTakeFirstOrThrow();

    expect(await expectOk(admin, 'DELETE', `/api/admin/users/${guest.id}`)).toEqual({
      id: guest.id,
      deleted: true,
    });

    expect((await guest.agent.get('/api/account/me')).statusCode).toBe(401);
    expect(await db.selectFrom('session').select('id').where('userId', '=', guest.id).execute()).toEqual([]);
    const booking = await db
      .selectFrom('bookings')
      .select(['guest_id', 'status'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ guest_id: guest.id, status: 'confirmed' });
    expect(await db.selectFrom('ledger_entries').select('id').execute()).toEqual(ledgerBefore);

    const detail = await expectOk(admin, 'GET', `/api/admin/users/${guest.id}`);
    expect(detail.account).toMatchObject({ email: null, phone_number: null, status: 'disabled' });
    expect(detail.bookings.total).toBe(1);

    const [entry] = await auditEntriesOf(ctx().services, 'user.deleted', guest.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      before: { status: 'active', email: 'guest@example.com', phone_number: '+15125550142' },
      after: { status: 'disabled', is_deleted: true, email: null, phone_number: null, sessions_revoked: 1 },
    });

    // The old password no longer signs in, and the address and number can sign up again.
    const old = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'guest@example.com',
      password: 'a fine password',
    });
    expect(old.statusCode).toBe(401);
    const again = await signUpAndSignIn(new TestAgent(ctx().app), {
      email: 'guest@example.com',
      password: 'another fine password',
      first_name: 'New',
    });
    expect(again.userId).not.toBe(guest.id);
    const byPhone = await signUpAndSignIn(new TestAgent(ctx().app), {
      phone: '(512) 555-0142',
      password: 'another fine password',
    });
    expect(byPhone.userId).not.toBe(guest.id);

    // A session that somehow survived meets the account gate (the app's "disabled" overlay).
    await db.insertInto('session').values(session).execute();
    const survivor = await guest.agent.get('/api/account/me');
    expect(survivor.statusCode).toBe(403);
    expect(survivor.json().error).toBe('account_disabled');
  });

  it('refuses to delete the admin themselves (409) or an account twice', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const self = await admin.agent.request('DELETE', `/api/admin/users/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect((await admin.agent.get('/api/account/me')).statusCode).toBe(200);
    expect(await auditEntriesOf(ctx().services, 'user.deleted', admin.id)).toEqual([]);

    await expectOk(admin, 'DELETE', `/api/admin/users/${guest.id}`);
    expect((await admin.agent.request('DELETE', `/api/admin/users/${guest.id}`)).statusCode).toBe(409);
    expect(await auditEntriesOf(ctx().services, 'user.deleted', guest.id)).toHaveLength(1);
  });
});
