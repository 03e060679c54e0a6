import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import {
  countMessages,
  latestMessage,
  linkIn,
  PASSWORD,
  pathOf,
  registerByEmail,
} from './auth-test-support.ts';
import { updateProfile } from './repository.ts';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describeWithApp('email change and its undo', (ctx) => {
  const db = () => ctx().services.db;

  async function account(prefix: string) {
    const agent = new TestAgent(ctx().app);
    const email = unique(prefix);
    const { userId } = await registerByEmail(agent, email);
    await db().updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
    return { agent, email, userId };
  }

  const userRow = (userId: string) =>
    db()
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  /** Moves the account's sign-ins back past the 10 minutes a proof lasts (ADR 144), or forward again. */
  async function ageSessions(userId: string, minutesAgo: number) {
    await db()
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where('userId', '=', userId)
      .execute();
  }

  async function requestChange(agent: TestAgent, email: string) {
    const response = await agent.post('/api/account/email', { email });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { sent: true; pending: { email: string; expiresAt: string } };
  }

  async function confirmationLink(newEmail: string) {
    const message = await latestMessage(ctx().services, newEmail);
    expect(message.subject).toBe('Confirm your new email for Privy');
    return pathOf(linkIn(message.text));
  }

  async function undoToken(oldEmail: string) {
    const message = await latestMessage(ctx().services, oldEmail);
    expect(message.subject).toBe('Your Privy email was changed');
    const link = linkIn(message.text);
    expect(link.pathname).toBe('/undo-email-change');
    return link.searchParams.get('token') ?? '';
  }

  /** Requests a change and opens the link from the new address's inbox in the same browser. */
  async function changeEmail(agent: TestAgent, newEmail: string) {
    await requestChange(agent, newEmail);
    const opened = await agent.get(await confirmationLink(newEmail));
    expect(opened.statusCode).toBe(302);
    return opened.headers.location;
  }

  it('changes the email only once the new address confirms it, tells the old one, and keeps everyone signed in', async () => {
    const { agent, email, userId } = await account('ada');
    const otherDevice = new TestAgent(ctx().app);
    await otherDevice.post('/api/account/sign-in', { email, password: PASSWORD });
    const newEmail = unique('ada-new');
    const sentBefore = await countMessages(ctx().services, email);

    const answer = await requestChange(agent, newEmail);
    expect(answer).toMatchObject({ sent: true, pending: { email: newEmail } });
    expect(new Date(answer.pending.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // Nothing has changed yet: the account keeps its address and shows the one waiting.
    expect(await userRow(userId)).toEqual({ email, emailVerified: true });
    expect((await agent.get('/api/account/email')).json()).toEqual({
      email,
      emailVerified: true,
      pending: answer.pending,
    });
    expect(await countMessages(ctx().services, email)).toBe(sentBefore);

    const landing = await agent.get(await confirmationLink(newEmail));
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/profile?email=changed');
    expect(await userRow(userId)).toEqual({ email: newEmail, emailVerified: true });
    expect((await agent.get('/api/account/email')).json()).toEqual({
      email: newEmail,
      emailVerified: true,
      pending: null,
    });

    const notice = await latestMessage(ctx().services, email);
    expect(notice.subject).toBe('Your Privy email was changed');
    expect(notice.text).toContain('a…@e….com');
    expect(notice.text).not.toContain(newEmail);
    expect(await undoToken(email)).toMatch(/^[\w-]{40,}$/);

    // Sessions are kept, and the new address signs in.
    expect((await otherDevice.get('/api/account/email')).statusCode).toBe(200);
    const fresh = new TestAgent(ctx().app);
    const signIn = await fresh.post('/api/account/sign-in', { email: newEmail, password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('undo puts the old address back, verified, signs out every session and sends a password reset', async () => {
    const { agent, email, userId } = await account('bea');
    const otherDevice = new TestAgent(ctx().app);
    await otherDevice.post('/api/account/sign-in', { email, password: PASSWORD });
    const newEmail = unique('bea-new');
    const confirmation = await (async () => {
      await requestChange(agent, newEmail);
      return confirmationLink(newEmail);
    })();
    await agent.get(confirmation);
    const token = await undoToken(email);

    const anonymous = new TestAgent(ctx().app);
    const undone = await anonymous.post('/api/account/email/undo', { token });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ email, resetSent: true });
    expect(await userRow(userId)).toEqual({ email, emailVerified: true });
    expect((await agent.get('/api/account/email')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/account/email')).statusCode).toBe(401);
    const sessions = await db().selectFrom('session').select('id').where('userId', '=', userId).execute();
    expect(sessions).toEqual([]);
    expect((await latestMessage(ctx().services, email)).subject).toBe('Reset your Privy password');

    // The undo works once; the confirmation link cannot make the change again.
    const again = await anonymous.post('/api/account/email/undo', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'link_used' });
    const replay = await new TestAgent(ctx().app).get(confirmation);
    expect(replay.headers.location).toBe('/profile?email=changed&error=link_used');
    expect(await userRow(userId)).toEqual({ email, emailVerified: true });
  });

  it('answers a taken address like any other, tells its owner, and changes nothing', async () => {
    const owner = await account('owner');
    const { agent, email, userId } = await account('cleo');

    const taken = await requestChange(agent, owner.email);
    const free = await requestChange(agent, unique('cleo-new'));
    expect(Object.keys(taken)).toEqual(Object.keys(free));
    expect(Object.keys(taken.pending)).toEqual(Object.keys(free.pending));

    const told = await latestMessage(ctx().services, owner.email);
    expect(told.subject).toBe('Someone tried to use your email on Privy');
    expect(told.text).not.toMatch(/verify-email/);
    expect(await userRow(userId)).toMatchObject({ email });
    expect(await userRow(owner.userId)).toMatchObject({ email: owner.email });
  });

  it('adds a first email to a phone account, and texts the phone a way to undo it', async () => {
    const agent = new TestAgent(ctx().app);
    const phone = '+15125550177';
    const { userId } = await signUpAndSignIn(agent, { phone, password: PASSWORD });
    await db().updateTable('user').set({ phoneNumberVerified: true }).where('id', '=', userId).execute();
    expect((await agent.get('/api/account/email')).json()).toEqual({
      email: null,
      emailVerified: false,
      pending: null,
    });

    const newEmail = unique('phone-owner');
    expect(await changeEmail(agent, newEmail)).toBe('/profile?email=changed');
    expect((await agent.get('/api/account/email')).json()).toEqual({
      email: newEmail,
      emailVerified: true,
      pending: null,
    });
    const text = await latestMessage(ctx().services, phone, 'sms');
    expect(text.text).toContain('p…@e….com');
    const token = linkIn(text.text).searchParams.get('token') ?? '';

    const undone = await new TestAgent(ctx().app).post('/api/account/email/undo', { token });
    expect(undone.json()).toEqual({ email: null, resetSent: false });
    expect((await agent.get('/api/account/email')).statusCode).toBe(401);
    expect((await userRow(userId)).email).toMatch(/@phone\.privy\.invalid$/);
  });

  it('refuses tampered, expired, replaced and cancelled confirmation links, changing nothing', async () => {
    const { agent, email, userId } = await account('dan');
    const sentBefore = await countMessages(ctx().services, email);
    const first = unique('dan-first');
    await requestChange(agent, first);
    const firstLink = await confirmationLink(first);

    const tampered = await agent.get(firstLink.replace(/token=([^&]{10})/, 'token=$1x'));
    expect(tampered.headers.location).toBe('/profile?email=changed&error=INVALID_TOKEN');

    // A newer request replaces the last: only its link works.
    const second = unique('dan-second');
    await requestChange(agent, second);
    const replaced = await agent.get(firstLink);
    expect(replaced.headers.location).toBe('/profile?email=changed&error=link_cancelled');

    await db()
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await agent.get(await confirmationLink(second));
    expect(expired.headers.location).toBe('/profile?email=changed&error=link_expired');

    const third = unique('dan-third');
    await requestChange(agent, third);
    const cancelled = await agent.request('DELETE', '/api/account/email/pending');
    expect(cancelled.json()).toEqual({ cancelled: true });
    expect((await agent.get('/api/account/email')).json().pending).toBeNull();
    const afterCancel = await agent.get(await confirmationLink(third));
    expect(afterCancel.headers.location).toBe('/profile?email=changed&error=link_cancelled');

    expect(await userRow(userId)).toEqual({ email, emailVerified: true });
    expect(await countMessages(ctx().services, email)).toBe(sentBefore);
  });

  it('uses a confirmation link once: opened again, it is refused', async () => {
    const { agent, userId } = await account('eli');
    const newEmail = unique('eli-new');
    await requestChange(agent, newEmail);
    const link = await confirmationLink(newEmail);
    expect((await agent.get(link)).headers.location).toBe('/profile?email=changed');
    const replay = await agent.get(link);
    expect(replay.headers.location).toMatch(/^\/profile\?email=changed&error=/);
    expect(await userRow(userId)).toEqual({ email: newEmail, emailVerified: true });
  });

  it('refuses tampered and expired undo links, changing nothing and signing nobody out', async () => {
    const { agent, email, userId } = await account('fay');
    const newEmail = unique('fay-new');
    await changeEmail(agent, newEmail);
    const token = await undoToken(email);
    const anonymous = new TestAgent(ctx().app);

    const tampered = await anonymous.post('/api/account/email/undo', { token: `${token.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ error: 'link_invalid' });
    const empty = await anonymous.post('/api/account/email/undo', { token: '' });
    expect(empty.statusCode).toBe(400);

    await db()
      .updateTable('email_changes')
      .set({ undo_expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await anonymous.post('/api/account/email/undo', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'link_expired' });

    expect(await userRow(userId)).toEqual({ email: newEmail, emailVerified: true });
    expect((await agent.get('/api/account/email')).statusCode).toBe(200);
  });

  it("does not change another account's email when its link is opened in someone else's session", async () => {
    const a = await account('gus');
    const b = await account('hal');
    const newEmail = unique('gus-new');
    await requestChange(a.agent, newEmail);
    const link = await confirmationLink(newEmail);

    const opened = await b.agent.get(link);
    expect(opened.headers.location).toBe('/profile?email=changed&error=INVALID_USER');
    expect(await userRow(a.userId)).toEqual({ email: a.email, emailVerified: true });
    expect(await userRow(b.userId)).toEqual({ email: b.email, emailVerified: true });
    // Still A's to confirm.
    expect((await a.agent.get(link)).headers.location).toBe('/profile?email=changed');
  });

  it('asks for a fresh proof of identity before starting a change', async () => {
    const { agent, userId } = await account('ivy');
    await ageSessions(userId, 11);
    const newEmail = unique('ivy-new');
    const refused = await agent.post('/api/account/email', { email: newEmail });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'reauthentication_needed' });
    expect(await countMessages(ctx().services, newEmail)).toBe(0);
    expect((await agent.get('/api/account/email')).json().pending).toBeNull();

    await ageSessions(userId, 0);
    await requestChange(agent, newEmail);
    expect(await countMessages(ctx().services, newEmail)).toBe(1);
  });

  it('lets only the signed-in owner see, start or cancel a change: anonymous, others, hosts, admins and disabled accounts', async () => {
    const owner = await account('jo');
    const ownerNew = unique('jo-new');
    await requestChange(owner.agent, ownerNew);

    const anonymous = new TestAgent(ctx().app);
    expect((await anonymous.get('/api/account/email')).statusCode).toBe(401);
    expect((await anonymous.post('/api/account/email', { email: unique('x') })).statusCode).toBe(401);
    expect((await anonymous.request('DELETE', '/api/account/email/pending')).statusCode).toBe(401);

    for (const role of ['guest', 'host', 'admin'] as const) {
      const other = await account(role);
      if (role !== 'guest') {
        await updateProfile(db(), other.userId, role === 'host' ? { is_provider: true } : { is_admin: true });
      }
      expect((await other.agent.get('/api/account/email')).json(), role).toEqual({
        email: other.email,
        emailVerified: true,
        pending: null,
      });
      expect((await other.agent.request('DELETE', '/api/account/email/pending')).json()).toEqual({
        cancelled: false,
      });
      // Opening the owner's link in their own session changes nobody.
      const opened = await other.agent.get(await confirmationLink(ownerNew));
      expect(opened.headers.location, role).toBe('/profile?email=changed&error=INVALID_USER');
      expect(await userRow(other.userId)).toMatchObject({ email: other.email });
    }
    expect((await owner.agent.get('/api/account/email')).json().pending).toMatchObject({ email: ownerNew });

    const disabled = await account('gone');
    await updateProfile(db(), disabled.userId, { is_deleted: true });
    for (const response of [
      await disabled.agent.get('/api/account/email'),
      await disabled.agent.post('/api/account/email', { email: unique('y') }),
      await disabled.agent.request('DELETE', '/api/account/email/pending'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'account_disabled' });
    }
  });

  it('refuses bad input with the field named, its own address, too many requests and cross-site posts', async () => {
    const { agent, email } = await account('kit');
    for (const bad of ['not-an-email', 'a@b', '5125550100@phone.privy.invalid', 'x\u0000@example.com', '']) {
      const response = await agent.post('/api/account/email', { email: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields?.[0]?.field, bad).toBe('email');
    }
    const unknown = await agent.post('/api/account/email', { email: unique('z'), userId: 'someone' });
    expect(unknown.statusCode).toBe(400);
    const same = await agent.post('/api/account/email', { email: email.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: 'validation_error', fields: [{ field: 'email' }] });
    const crossSite = await agent.post(
      '/api/account/email',
      { email: unique('evil') },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    // better-auth's own endpoint is closed: every change goes through the checks above.
    const direct = await agent.post('/api/auth/change-email', { newEmail: unique('direct') });
    expect(direct.statusCode).toBe(404);

    for (let i = 0; i < 5; i++) await requestChange(agent, unique(`kit-${i}`));
    const tooMany = await agent.post('/api/account/email', { email: unique('kit-6') });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ error: 'rate_limited' });
  });
});
