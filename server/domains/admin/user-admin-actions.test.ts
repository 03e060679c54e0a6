import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { auditEntriesOf } from '../audit/audit-test-support.ts';
import { enrolTotp } from '../auth/auth-test-support.ts';
import { publishedBathroom } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import { adminMatrixCast, expectOk } from './user-admin-test-support.ts';

describeWithApp('admin user actions', (ctx) => {
  it('shows one account: phone in three formats, bookings as guest, listings, sessions, factors, sign-ins', async () => {
    const { admin, guest, host } = await adminMatrixCast(ctx);
    await ctx()
      .services.db.updateTable('user')
      .set({ phoneNumber: '+15125550142', phoneNumberVerified: true })
      .where('id', '=', guest.id)
      .execute();
    const bathroomId = await publishedBathroom(ctx, host.id);
    const bookingId = await confirmedBooking(ctx, guest, bathroomId);

    const detail = await expectOk(admin, 'GET', `/api/admin/users/${guest.id}`);
    expect(detail.account).toMatchObject({
      id: guest.id,
      email: 'guest@example.com',
      phone_number: '+15125550142',
      phone_formats: { E164: '+15125550142', International: '+1 512 555 0142', National: '(512) 555-0142' },
      status: 'active',
      is_admin: false,
    });
    expect(detail.bookings.total).toBe(1);
    expect(detail.bookings.newest[0]).toMatchObject({ id: bookingId, status: 'confirmed' });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.factors).toEqual([
      { id: 'phone', factor_type: 'phone', status: 'verified', friendly_name: 'Phone +15125550142' },
    ]);
    // signUpAndSignIn signed in with the password: a success from the test client's address.
    expect(detail.sign_ins.map((s: { outcome: string }) => s.outcome)).toContain('success');

    const hostDetail = await expectOk(admin, 'GET', `/api/admin/users/${host.id}`);
    expect(hostDetail.listings.map((l: { id: string }) => l.id)).toEqual([bathroomId]);
    expect(hostDetail.bookings.total).toBe(0);
  });

  it('grants and removes roles, one audit entry per change; an admin keeps their own admin role', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const granted = await expectOk(admin, 'PUT', `/api/admin/users/${guest.id}/roles`, { is_provider: true });
    expect(granted).toEqual({ id: guest.id, is_admin: false, is_provider: true });
    expect((await guest.agent.get('/api/account/me')).json().profile.is_provider).toBe(true);
    const [grant] = await auditEntriesOf(ctx().services, 'user.role_granted', guest.id);
    expect(grant).toMatchObject({
      actor_id: admin.id,
      before: { is_provider: false },
      after: { is_provider: true },
    });

    // Unchanged: nothing more is written.
    await expectOk(admin, 'PUT', `/api/admin/users/${guest.id}/roles`, { is_provider: true });
    expect(await auditEntriesOf(ctx().services, 'user.role_granted', guest.id)).toHaveLength(1);

    await expectOk(admin, 'PUT', `/api/admin/users/${guest.id}/roles`, {
      is_provider: false,
      is_admin: true,
    });
    expect(await auditEntriesOf(ctx().services, 'user.role_removed', guest.id)).toHaveLength(1);
    expect(await auditEntriesOf(ctx().services, 'user.role_granted', guest.id)).toHaveLength(2);

    const own = await admin.agent.request('PUT', `/api/admin/users/${admin.id}/roles`, { is_admin: false });
    expect(own.statusCode).toBe(409);
    expect(own.json().fields[0].field).toBe('is_admin');
    expect(await auditEntriesOf(ctx().services, 'user.role_removed', admin.id)).toEqual([]);
  });

  it('signs an account out on every device and records how many sessions ended', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const phone = new TestAgent(ctx().app);
    const signedIn = await phone.post('/api/account/sign-in', {
      email: 'guest@example.com',
      password: 'a fine password',
    });
    expect(signedIn.statusCode).toBe(200);

    expect(await expectOk(admin, 'POST', `/api/admin/users/${guest.id}/sign-out`)).toEqual({
      sessions_revoked: 2,
    });
    expect((await guest.agent.get('/api/account/me')).statusCode).toBe(401);
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);
    expect((await admin.agent.get('/api/account/me')).statusCode).toBe(200);
    const [entry] = await auditEntriesOf(ctx().services, 'user.signed_out_everywhere', guest.id);
    expect(entry).toMatchObject({ actor_id: admin.id, before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('lists the second factors and removing the authenticator app turns two-factor off', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    await enrolTotp(guest.agent, 'a fine password');
    const listed = await expectOk(admin, 'GET', `/api/admin/users/${guest.id}/factors`);
    expect(listed.factors).toHaveLength(1);
    const [totp] = listed.factors;
    expect(totp).toMatchObject({
      factor_type: 'totp',
      status: 'verified',
      friendly_name: 'Authenticator app',
    });

    // Before removal a password sign-in asks for the app's code.
    const before = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'guest@example.com',
      password: 'a fine password',
    });
    expect(before.json()).toEqual({ twoFactorRequired: true });

    await expectOk(admin, 'DELETE', `/api/admin/users/${guest.id}/factors/${totp.id}`);
    expect((await expectOk(admin, 'GET', `/api/admin/users/${guest.id}/factors`)).factors).toEqual([]);
    expect((await guest.agent.get('/api/account/me')).json().twoFactorEnabled).toBe(false);
    const after = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'guest@example.com',
      password: 'a fine password',
    });
    expect(after.json()).toMatchObject({ twoFactorRequired: false });
    const [entry] = await auditEntriesOf(ctx().services, 'user.factor_removed', guest.id);
    expect(entry).toMatchObject({
      before: { factor: { id: totp.id, factor_type: 'totp' } },
      after: { factor: null, two_factor_enabled: false },
    });
    const again = await admin.agent.request('DELETE', `/api/admin/users/${guest.id}/factors/${totp.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('records a status change in the audit log with the status before and after', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    await expectOk(admin, 'PATCH', `/api/admin/users/${guest.id}`, { is_active: false });
    await expectOk(admin, 'PATCH', `/api/admin/users/${guest.id}`, { is_active: true });
    const entries = await auditEntriesOf(ctx().services, 'user.status_changed', guest.id);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { status: 'active', is_active: true, is_deleted: false },
        { status: 'under_review', is_active: false, is_deleted: false },
      ],
      [
        { status: 'under_review', is_active: false, is_deleted: false },
        { status: 'active', is_active: true, is_deleted: false },
      ],
    ]);
    // The log pages by cursor over these entries; a cursor that names no entry finds nothing.
    const older = await expectOk(
      admin,
      'GET',
      `/api/admin/audit?target_id=${guest.id}&before=${entries[1]?.id}`,
    );
    expect(older.entries.map((e: { id: string }) => e.id)).toEqual([entries[0]?.id]);
    const unknown = `/api/admin/audit?action=user.status_changed&before=fbf92f4e-3364-4bff-bfff-ffff00000011`;
    expect((await expectOk(admin, 'GET', unknown)).entries).toEqual([]);
    // The page's audit history shows them, newest first.
    const detail = await expectOk(admin, 'GET', `/api/admin/users/${guest.id}`);
    expect(detail.audit.map((e: { summary: string }) => e.summary)).toEqual([
      'Restored Pat',
      'Put under review Pat',
    ]);
  });
});
