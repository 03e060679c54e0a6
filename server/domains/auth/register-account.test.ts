import { expect, it } from 'vitest';
import { MISSING_CREDENTIALS_MESSAGE } from '../../../common/schemas/auth.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { codeIn, countMessages, latestMessage } from './auth-test-support.ts';
import { updateProfile } from './repository.ts';

describeWithApp('register and sign in', (ctx) => {
  it('registers with an email, sends a confirmation link, and signs nobody in', async () => {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/account/register', {
      email: 'New.Guest@Example.com',
      password: 'correct horse battery',
      first_name: 'Nia',
      last_name: 'Guest',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'new.guest@example.com',
      phoneNumber: null,
      next: 'check-email',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
    const outbox = await ctx().services.db.selectFrom('outbox_messages').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.recipient).toBe('new.guest@example.com');
    expect(outbox[0]?.text).toMatch(/\/api\/auth\/verify-email\?token=/);

    const signedIn = await agent.post('/api/account/sign-in', {
      email: 'new.guest@example.com',
      password: 'correct horse battery',
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).json()).toMatchObject({
      email: 'new.guest@example.com',
      emailVerified: false,
      profile: { first_name: 'Nia', last_name: 'Guest', is_admin: false, is_active: true },
    });
  });

  it('registers with a phone number and texts a code that confirms it and signs in', async () => {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/account/register', {
      phone: '(512) 555-0142',
      password: 'quiet river stones',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: null, phoneNumber: '+15125550142', next: 'enter-phone-code' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
    const sms = await latestMessage(ctx().services, '+15125550142', 'sms');
    const verified = await agent.post('/api/auth/phone-number/verify', {
      phoneNumber: '+15125550142',
      code: codeIn(sms.text),
    });
    expect(verified.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).json()).toMatchObject({
      email: null,
      phoneNumber: '+15125550142',
      phoneNumberVerified: true,
    });

    const again = new TestAgent(ctx().app);
    const signIn = await again.post('/api/account/sign-in', {
      phone: '512-555-0142',
      password: 'quiet river stones',
    });
    expect(signIn.statusCode).toBe(200);
    expect((await again.get('/api/account/me')).statusCode).toBe(200);
  });

  it('answers a taken email exactly as a new one, and emails its owner instead', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app), {
      email: 'taken@example.com',
      password: 'a fine password',
    });
    const before = await countMessages(ctx().services, 'taken@example.com');
    const register = (email: string) =>
      new TestAgent(ctx().app).post('/api/account/register', {
        email,
        password: 'another fine password',
        first_name: 'Mallory',
      });
    const fresh = await register('fresh@example.com');
    const taken = await register('Taken@example.com');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ ...fresh.json(), email: 'taken@example.com' });
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();

    const users = await ctx().services.db.selectFrom('user').select('email').orderBy('email').execute();
    expect(users).toEqual([{ email: 'fresh@example.com' }, { email: 'taken@example.com' }]);
    expect(await countMessages(ctx().services, 'taken@example.com')).toBe(before + 1);
    const notice = await latestMessage(ctx().services, 'taken@example.com');
    expect(notice.subject).toBe('Someone tried to create a Privy account with your email');
    expect(notice.text).toContain('http://localhost:3000/login');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
    expect(notice.text).not.toMatch(/verify-email/);

    // The owner's password and name are as they were.
    const owner = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'taken@example.com',
      password: 'a fine password',
    });
    expect(owner.statusCode).toBe(200);
    const intruder = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'taken@example.com',
      password: 'another fine password',
    });
    expect(intruder.statusCode).toBe(401);
  });

  it("answers a taken email the same on better-auth's own sign-up endpoint", async () => {
    await signUpAndSignIn(new TestAgent(ctx().app), {
      email: 'owner@example.com',
      password: 'a fine password',
    });
    const signUp = (email: string) =>
      new TestAgent(ctx().app).post('/api/auth/sign-up/email', {
        email,
        password: 'another fine password',
        name: 'Mallory',
      });
    const fresh = await signUp('newcomer@example.com');
    const taken = await signUp('owner@example.com');
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect((await latestMessage(ctx().services, 'owner@example.com')).subject).toMatch(/Someone tried/);
  });

  it('answers a taken phone number exactly as a new one, and texts its owner instead', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app), { phone: '512-555-0188', password: 'a fine password' });
    const before = await countMessages(ctx().services, '+15125550188');
    const register = (phone: string, password = 'another fine password') =>
      new TestAgent(ctx().app).post('/api/account/register', { phone, password });
    const fresh = await register('512-555-0189');
    const taken = await register('+1 (512) 555-0188');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ ...fresh.json(), phoneNumber: '+15125550188' });
    expect(taken.headers['set-cookie']).toBeUndefined();

    expect(await countMessages(ctx().services, '+15125550188')).toBe(before + 1);
    const notice = await latestMessage(ctx().services, '+15125550188', 'sms');
    expect(notice.text).toMatch(/Someone tried to create a Privy account with this number/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    const users = await ctx().services.db.selectFrom('user').select('id').execute();
    expect(users).toHaveLength(2);

    // A weak password is refused the same way for a taken number as for a new one.
    const weakFresh = await register('512-555-0190', 'password1');
    const weakTaken = await register('512-555-0188', 'password1');
    expect(weakTaken.statusCode).toBe(400);
    expect(weakTaken.json()).toEqual(weakFresh.json());
  });

  it.each([
    [{ password: 'long enough pass' }],
    [{ email: 'a@example.com' }],
    [{}],
    [{ email: '', phone: '', password: '' }],
  ])('refuses %j with the spec message', async (body) => {
    const response = await new TestAgent(ctx().app).post('/api/account/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(MISSING_CREDENTIALS_MESSAGE);
    const signIn = await new TestAgent(ctx().app).post('/api/account/sign-in', body);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toContain(MISSING_CREDENTIALS_MESSAGE);
  });

  it('refuses short, long and common passwords, naming the field', async () => {
    const agent = new TestAgent(ctx().app);
    const short = await agent.post('/api/account/register', { email: 'a@example.com', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0].field).toBe('password');
    const long = await agent.post('/api/account/register', {
      email: 'a@example.com',
      password: 'x'.repeat(129),
    });
    expect(long.statusCode).toBe(400);
    const common = await agent.post('/api/account/register', {
      email: 'a@example.com',
      password: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/commonly used/);
    const users = await ctx().services.db.selectFrom('user').select('id').execute();
    expect(users).toHaveLength(0);
  });

  it('answers a wrong password in our error shape, naming the field', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app), {
      email: 'taken@example.com',
      password: 'a fine password',
    });
    const wrong = await new TestAgent(ctx().app).post('/api/account/sign-in', {
      email: 'taken@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'unauthenticated', fields: [{ field: 'password' }] });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses unknown fields and malformed JSON with 400', async () => {
    const agent = new TestAgent(ctx().app);
    const unknown = await agent.post('/api/account/register', {
      email: 'a@example.com',
      password: 'a fine password',
      admin: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].field).toBe('admin');
    const malformed = await agent.request('POST', '/api/account/register', '{"email":', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('malformed_json');
    const wrongType = await agent.request('POST', '/api/account/register', 'email=a', {
      'content-type': 'text/plain',
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('blocks a disabled account everywhere but sign-out', async () => {
    const agent = new TestAgent(ctx().app);
    const me = await signUpAndSignIn(agent, { email: 'gone@example.com', password: 'a fine password' });
    await updateProfile(ctx().services.db, me.userId, { is_deleted: true });
    const blocked = await agent.get('/api/account/me');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(
      'Your account has been disabled. Please contact support for assistance.',
    );
    await updateProfile(ctx().services.db, me.userId, { is_deleted: false, is_active: false });
    const review = await agent.get('/api/account/me');
    expect(review.statusCode).toBe(403);
    expect(review.json().message).toBe("We're reviewing your account. Please check back later.");
    const signOut = await agent.post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
  });
});
