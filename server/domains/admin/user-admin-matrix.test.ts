import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { adminMatrixCast, fieldsOf, refusedCallers } from './user-admin-test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeWithApp('/api/admin/users/:id and its actions: who may call them', (ctx) => {
  it('answers anonymous 401, every non-admin and a disabled account 403, and the admin 200', async () => {
    const cast = await adminMatrixCast(ctx);
    const target = cast.otherGuest.id;
    const routes: [Method, string, unknown][] = [
      ['GET', `/api/admin/users/${target}`, undefined],
      ['GET', `/api/admin/users/${target}/factors`, undefined],
      ['POST', '/api/admin/users/invite', { email: 'invitee@example.com' }],
      ['POST', `/api/admin/users/${target}/links`, { type: 'recovery' }],
      ['POST', `/api/admin/users/${target}/sign-out`, undefined],
      ['PUT', `/api/admin/users/${target}/roles`, { is_provider: true }],
      ['DELETE', `/api/admin/users/${target}/factors/phone`, undefined],
      ['DELETE', `/api/admin/users/${target}`, undefined],
    ];
    for (const [who, agent, status] of refusedCallers(ctx, cast)) {
      for (const [method, url, body] of routes) {
        const response = await agent.request(method, url, body);
        expect(response.statusCode, `${method} ${url} as ${who}`).toBe(status);
      }
    }
    // Nothing the refused callers sent changed anything or reached the audit log.
    const entries = await ctx().services.db.selectFrom('admin_audit_log').select('action').execute();
    expect(entries).toEqual([]);
    const invited = await ctx()
      .services.db.selectFrom('user')
      .select('id')
      .where('email', '=', 'invitee@example.com')
      .execute();
    expect(invited).toEqual([]);

    // The admin gets 200 on each (the phone factor is verified first so it can be removed).
    await ctx()
      .services.db.updateTable('user')
      .set({ phoneNumber: '+15125550142', phoneNumberVerified: true })
      .where('id', '=', target)
      .execute();
    for (const [method, url, body] of routes) {
      const response = await cast.admin.agent.request(method, url, body);
      expect(response.statusCode, `${method} ${url} as admin: ${response.body}`).toBe(200);
    }
  });

  it('answers 404 for an unknown account, and 400 naming the field for bad input', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    expect((await admin.agent.get('/api/admin/users/no-such-user')).statusCode).toBe(404);
    expect((await admin.agent.post('/api/admin/users/no-such-user/sign-out')).statusCode).toBe(404);

    const nul = await admin.agent.post('/api/admin/users/invite', {
      email: 'a@example.com',
      first_name: 'A\u0000',
    });
    expect(nul.statusCode).toBe(400);
    expect(fieldsOf(nul)).toEqual(['first_name']);
    const unknown = await admin.agent.post('/api/admin/users/invite', {
      email: 'a@example.com',
      role: 'admin',
    });
    expect(unknown.statusCode).toBe(400);
    const badEmail = await admin.agent.post('/api/admin/users/invite', { email: 'not an email' });
    expect(badEmail.statusCode).toBe(400);
    expect(fieldsOf(badEmail)).toEqual(['email']);

    const badType = await admin.agent.post(`/api/admin/users/${guest.id}/links`, { type: 'magic' });
    expect(badType.statusCode).toBe(400);
    expect(fieldsOf(badType)).toEqual(['type']);
    const extra = await admin.agent.post(`/api/admin/users/${guest.id}/links`, { type: 'recovery', to: 'x' });
    expect(extra.statusCode).toBe(400);

    const badRole = await admin.agent.request('PUT', `/api/admin/users/${guest.id}/roles`, {
      is_admin: 'yes',
    });
    expect(badRole.statusCode).toBe(400);
    expect(fieldsOf(badRole)).toEqual(['is_admin']);
    const empty = await admin.agent.request('PUT', `/api/admin/users/${guest.id}/roles`, {});
    expect(empty.statusCode).toBe(400);
    const nulId = await admin.agent.get(`/api/admin/users/${encodeURIComponent('x\u0000y')}`);
    expect(nulId.statusCode).toBe(400);
    expect(fieldsOf(nulId)).toEqual(['id']);
    expect(await ctx().services.db.selectFrom('admin_audit_log').select('id').execute()).toEqual([]);
  });
});
