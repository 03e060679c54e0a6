import { expect, it } from 'vitest';
import { NOTIFICATION_TYPE_NAMES } from '../../../common/notification-types.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';

// Each burst test signs up a fresh user; the per-user limit is 20 a minute, across their sessions.
async function signUp(ctx: TestContext, email: string) {
  const agent = new TestAgent(ctx.app);
  const { userId } = await signUpAndSignIn(agent, { email, password: 'a long enough password' });
  return { agent, userId };
}

describeWithApp('test notifications (development)', (ctx) => {
  it('fires any type at yourself, with sample meta', async () => {
    const { agent, userId } = await signUp(ctx(), 'dev@example.com');
    for (const type of [
      'RESERVATION_ONE_HOUR',
      'bathroom_blackout_started',
      'BECOME_PROVIDER_REQUEST_APPROVED',
    ]) {
      const response = await agent.post('/api/notifications/test', { notification_type: type });
      expect(response.statusCode).toBe(200);
      expect(response.json().notification).toMatchObject({ user_id: userId, notification_type: type });
    }
    const oneHour = (await agent.get('/api/notifications'))
      .json()
      .notifications.find(
        (n: { notification_type: string }) => n.notification_type === 'RESERVATION_ONE_HOUR',
      );
    expect(oneHour.message).toMatch(/1 hour 0 minutes/);
    expect(oneHour.meta.booking.start_time).toBeTruthy();
    const reminder = await agent.post('/api/notifications/test', {
      notification_type: 'RESERVATION_REMINDER',
    });
    expect(reminder.json().notification.message).toMatch(
      /^Check-in is open: your booking starts in 0 hours 10 minutes/,
    );
  });

  it('accepts the spec types and refuses unknown ones', async () => {
    const { agent } = await signUp(ctx(), 'all@example.com');
    for (const type of NOTIFICATION_TYPE_NAMES.filter((_, index) => index % 4 === 0)) {
      expect((await agent.post('/api/notifications/test', { notification_type: type })).statusCode).toBe(200);
    }
    const bad = await agent.post('/api/notifications/test', { notification_type: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('notification_type');
    expect(
      (await new TestAgent(ctx().app).post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' }))
        .statusCode,
    ).toBe(401);
  });

  it('rate-limits bursts per user', async () => {
    const { agent } = await signUp(ctx(), 'burst@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        (await agent.post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' })).statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('gives a user one budget across sessions, and each user their own', async () => {
    const first = await signUp(ctx(), 'two-sessions@example.com');
    // The same person signed in a second time (another browser): a new session, the same budget.
    const second = new TestAgent(ctx().app);
    const signedIn = await second.post('/api/account/sign-in', {
      email: 'two-sessions@example.com',
      password: 'a long enough password',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(second.cookieHeader()).not.toBe(first.agent.cookieHeader());
    const fire = (agent: TestAgent) =>
      agent.post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' }).then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await fire(first.agent), await fire(second));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await fire(second)).toBe(429);
    expect(await fire(first.agent)).toBe(429);
    const other = await signUp(ctx(), 'someone-else@example.com');
    expect(await fire(other.agent)).toBe(200);
  });

  it('counts anonymous callers by address, whatever cookie they send', async () => {
    const flood = (cookie: string) =>
      new TestAgent(ctx().app, '203.0.113.9')
        .post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' }, { cookie })
        .then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await flood(`junk=${i}`));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Another address is not held back by that flood.
    expect(
      (
        await new TestAgent(ctx().app, '203.0.113.10').post('/api/notifications/test', {
          notification_type: 'MESSAGE_SENT',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describeWithApp(
  'test notifications (production)',
  (ctx) => {
    it('is refused to non-admins and allowed to admins', async () => {
      const user = await signUp(ctx(), 'user@example.com');
      expect(
        (await user.agent.post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' })).statusCode,
      ).toBe(403);
      const admin = await signUp(ctx(), 'admin@example.com');
      await updateProfile(ctx().services.db, admin.userId, { is_admin: true });
      expect(
        (await admin.agent.post('/api/notifications/test', { notification_type: 'MESSAGE_SENT' })).statusCode,
      ).toBe(200);
    });
  },
  { config: { isProduction: true } },
);
