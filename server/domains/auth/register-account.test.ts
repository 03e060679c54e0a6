import { expect, it } from 'vitest';
import { MISSING_CREDENTIALS_MESSAGE } from '../../../common/schemas/auth.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from './repository.ts';

describeWithApp('register and sign in', (ctx) => {
  it('registers with an email, starts a session and sends a verification link', async () => {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/account/register', {
      email: 'New.Guest@Example.com',
      password: 'correct horse battery',
      first_name: 'Nia',
      last_name: 'Guest',
    });
    expect(response.statusCode).toBe(200);
    const me = await agent.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'new.guest@example.com',
      emailVerified: false,
      profile: { first_name: 'Nia', last_name: 'Guest', is_admin: false, is_active: true },
    });
    const outbox = await ctx().services.db.selectFrom('outbox_messages').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.recipient).toBe('new.guest@example.com');
    expect(outbox[0]?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it('registers with a phone number and texts a 6-digit code', async () => {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/account/register', {
      phone: '(512) 555-0142',
      password: 'quiet river stones',
    });
    expect(response.statusCode).toBe(200);
    const me = (await agent.get('/api/account/me')).json();
    expect(me).toMatchObject({ email: null, phoneNumber: '+15125550142', phoneNumberVerified: false });
    const sms = await ctx()
      .services.db.selectFrom('outbox_messages')
      .selectAll()
      .where('channel', '=', 'sms')
      .execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(/\b\d{6}\b/);

    const again = new TestAgent(ctx().app);
    const signIn = await again.post('/api/account/sign-in', {
      phone: '512-555-0142',
      password: 'quiet river stones',
    });
    expect(signIn.statusCode).toBe(200);
    expect((await again.get('/api/account/me')).statusCode).toBe(200);
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

  it('answers in our error shape, naming the field, for taken accounts and wrong passwords', async () => {
    const agent = new TestAgent(ctx().app);
    await agent.post('/api/account/register', { email: 'taken@example.com', password: 'a fine password' });
    await agent.post('/api/account/register', { phone: '512-555-0188', password: 'a fine password' });

    const again = await new TestAgent(ctx().app).post('/api/account/register', {
      email: 'Taken@example.com',
      password: 'another fine password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', fields: [{ field: 'email' }] });

    const samePhone = await new TestAgent(ctx().app).post('/api/account/register', {
      phone: '+1 (512) 555-0188',
      password: 'another fine password',
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ error: 'conflict', fields: [{ field: 'phone' }] });
    const users = await ctx().services.db.selectFrom('user').select('id').execute();
    expect(users).toHaveLength(2);

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
    await agent.post('/api/account/register', { email: 'gone@example.com', password: 'a fine password' });
    const me = (await agent.get('/api/account/me')).json();
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
