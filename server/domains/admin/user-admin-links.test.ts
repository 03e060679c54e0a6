import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { auditEntriesOf } from '../audit/audit-test-support.ts';
import { latestMessage, linkIn, pathOf } from '../auth/auth-test-support.ts';
import { adminMatrixCast, expectOk, fieldsOf } from './user-admin-test-support.ts';

const APP = 'http://localhost:3000';

describeWithApp('admin invites and generated links', (ctx) => {
  /** Follows a password-reset link to its token and sets a password with it. */
  async function setPasswordVia(url: URL, password: string) {
    const browser = new TestAgent(ctx().app);
    const landing = await browser.get(pathOf(url));
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, APP);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token') as string;
    const reset = await browser.post('/api/auth/reset-password', { token, newPassword: password });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it('invites by email: the invitee chooses a password through the emailed link and signs in', async () => {
    const { admin } = await adminMatrixCast(ctx);
    const invited = await expectOk(admin, 'POST', '/api/admin/users/invite', {
      email: 'Invitee@Example.com',
      first_name: 'Ivy',
      last_name: 'Invited',
      make_provider: true,
    });
    const mail = await latestMessage(ctx().services, 'invitee@example.com');
    expect(mail.subject).toBe('You are invited to Privy');
    // Nobody knows the password the account was created with.
    const guess = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'invitee@example.com',
      password: 'a fine password',
    });
    expect(guess.statusCode).toBe(401);

    await setPasswordVia(linkIn(mail.text), 'my own garden path');
    const invitee = new TestAgent(ctx().app);
    const signedIn = await invitee.post('/api/account/sign-in', {
      email: 'invitee@example.com',
      password: 'my own garden path',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = (await invitee.get('/api/account/me')).json();
    expect(me).toMatchObject({ userId: invited.id, profile: { first_name: 'Ivy', is_provider: true } });

    const [entry] = await auditEntriesOf(ctx().services, 'user.invited', invited.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      after: { email: 'invitee@example.com', is_provider: true },
    });

    const twice = await admin.agent.post('/api/admin/users/invite', { email: 'invitee@example.com' });
    expect(twice.statusCode).toBe(409);
    expect(fieldsOf(twice)).toEqual(['email']);
  });

  it('generates a recovery link that sets a new password, and audits it without the URL', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const link = await expectOk(admin, 'POST', `/api/admin/users/${guest.id}/links`, { type: 'recovery' });
    expect(link.type).toBe('recovery');
    await setPasswordVia(new URL(link.url), 'a brand new password');
    const signedIn = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'guest@example.com',
      password: 'a brand new password',
    });
    expect(signedIn.statusCode).toBe(200);
    const [entry] = await auditEntriesOf(ctx().services, 'user.link_generated', guest.id);
    expect(entry?.after).toEqual({ type: 'recovery', expires_at: link.expires_at });
    expect(JSON.stringify(entry)).not.toContain(new URL(link.url).pathname.split('/').at(-1));
  });

  it('generates a one-time sign-in link whose code signs in once', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const link = await expectOk(admin, 'POST', `/api/admin/users/${guest.id}/links`, { type: 'sign_in' });
    const url = new URL(link.url);
    expect(url.pathname).toBe('/login/link');
    const body = { email: url.searchParams.get('email'), otp: url.searchParams.get('code') };
    const browser = new TestAgent(ctx().app);
    const signedIn = await browser.post('/api/auth/sign-in/email-otp', body);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await browser.get('/api/account/me')).json().userId).toBe(guest.id);
    const reused = await new TestAgent(ctx().app).post('/api/auth/sign-in/email-otp', body);
    expect(reused.statusCode).not.toBe(200);
    expect(await auditEntriesOf(ctx().services, 'user.link_generated', guest.id)).toHaveLength(1);
  });

  it('generates an email confirmation link that confirms the address', async () => {
    const { admin, guest } = await adminMatrixCast(ctx);
    const db = ctx().services.db;
    await db.updateTable('user').set({ emailVerified: false }).where('id', '=', guest.id).execute();
    const link = await expectOk(admin, 'POST', `/api/admin/users/${guest.id}/links`, {
      type: 'verification',
    });
    const landing = await new TestAgent(ctx().app).get(pathOf(new URL(link.url)));
    expect(landing.statusCode).toBe(302);
    expect(new URL(landing.headers.location as string, APP).searchParams.get('error')).toBeNull();
    const row = await db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(row.emailVerified).toBe(true);
  });

  it('refuses a confirmation link for a phone-only account, naming the field', async () => {
    const { admin } = await adminMatrixCast(ctx);
    const phoneOnly = new TestAgent(ctx().app);
    const registered = await phoneOnly.post('/api/account/register', {
      phone: '(512) 555-0177',
      password: 'a fine password',
    });
    expect(registered.statusCode).toBe(200);
    const { id } = await ctx()
      .services.db.selectFrom('user')
      .select('id')
      .where('phoneNumber', '=', '+15125550177')
      .executeTakeFirstOrThrow();
    const refused = await admin.agent.post(`/api/admin/users/${id}/links`, { type: 'verification' });
    expect(refused.statusCode).toBe(409);
    expect(fieldsOf(refused)).toEqual(['type']);
    expect(await auditEntriesOf(ctx().services, 'user.link_generated', id)).toEqual([]);
  });
});
