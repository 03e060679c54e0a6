import Fastify from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createServices } from '../../services.ts';
import { describeWithApp, testConfig } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { PASSWORD, registerByEmail } from './auth-test-support.ts';
import { SIGN_IN_THROTTLE } from './sign-in-throttle.ts';

const WRONG = 'not the right password';

describeWithApp('sign-in throttling', (ctx) => {
  const failTimes = async (agent: TestAgent, body: Record<string, string>, times: number) => {
    for (let i = 0; i < times; i++) {
      const response = await agent.post('/api/account/sign-in', body);
      expect(response.statusCode).toBe(401);
    }
  };

  it('answers 429 for an account after 5 failures, even with the right password, on every sign-in path', async () => {
    await registerByEmail(new TestAgent(ctx().app, '10.0.0.1'), 'lock@example.com');
    const attacker = new TestAgent(ctx().app, '10.0.0.2');
    await failTimes(
      attacker,
      { email: 'lock@example.com', password: WRONG },
      SIGN_IN_THROTTLE.maxFailuresPerAccount,
    );

    const ours = await attacker.post('/api/account/sign-in', {
      email: 'LOCK@example.com',
      password: PASSWORD,
    });
    expect(ours.statusCode).toBe(429);
    expect(ours.json()).toMatchObject({ error: 'rate_limited' });
    expect(ours.json().message).toMatch(/Too many failed sign-in attempts for this account/);
    expect(Number(ours.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from another address, is held too: the limit is per account.
    const owner = new TestAgent(ctx().app, '10.0.0.3');
    const theirs = await owner.post('/api/auth/sign-in/email', {
      email: 'lock@example.com',
      password: PASSWORD,
    });
    expect(theirs.statusCode).toBe(429);
    expect((await owner.get('/api/account/me')).statusCode).toBe(401);

    // Once the failures are older than the window, the account opens again.
    await sql`update sign_in_failures set failed_at = failed_at - make_interval(mins => ${SIGN_IN_THROTTLE.windowMinutes + 1})`.execute(
      ctx().services.db,
    );
    const later = await owner.post('/api/account/sign-in', { email: 'lock@example.com', password: PASSWORD });
    expect(later.statusCode).toBe(200);
  });

  it('throttles better-auth phone-number sign-in the same way', async () => {
    const agent = new TestAgent(ctx().app, '10.0.1.1');
    await agent.post('/api/account/register', { phone: '(512) 555-0199', password: PASSWORD });
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailuresPerAccount; i++) {
      const response = await agent.post('/api/auth/sign-in/phone-number', {
        phoneNumber: '+15125550199',
        password: WRONG,
      });
      expect(response.statusCode).toBe(401);
    }
    // Typed differently, it is still the same account.
    const blocked = await agent.post('/api/account/sign-in', { phone: '512.555.0199', password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
  });

  it('answers 429 for an address after 20 failures across accounts, and not for other addresses', async () => {
    await registerByEmail(new TestAgent(ctx().app, '10.0.2.1'), 'victim@example.com');
    const sprayer = new TestAgent(ctx().app, '10.0.2.2');
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailuresPerIp; i++) {
      const response = await sprayer.post('/api/account/sign-in', {
        email: `guess${i}@example.com`,
        password: WRONG,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await sprayer.post('/api/account/sign-in', {
      email: 'victim@example.com',
      password: PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);

    const elsewhere = new TestAgent(ctx().app, '10.0.2.3');
    const fine = await elsewhere.post('/api/account/sign-in', {
      email: 'victim@example.com',
      password: PASSWORD,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('clears the account count after a successful sign-in', async () => {
    await registerByEmail(new TestAgent(ctx().app, '10.0.3.1'), 'typo@example.com');
    const agent = new TestAgent(ctx().app, '10.0.3.2');
    const almost = SIGN_IN_THROTTLE.maxFailuresPerAccount - 1;
    await failTimes(agent, { email: 'typo@example.com', password: WRONG }, almost);
    expect(
      (await agent.post('/api/account/sign-in', { email: 'typo@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const remaining = await ctx()
      .services.db.selectFrom('sign_in_failures')
      .select('id')
      .where('identifier', '=', 'typo@example.com')
      .execute();
    expect(remaining).toHaveLength(0);
    // A fresh allowance: four more typos still get a 401, not a 429.
    await failTimes(agent, { email: 'typo@example.com', password: WRONG }, almost);
  });

  it('holds across server processes sharing the database', async () => {
    await registerByEmail(new TestAgent(ctx().app, '10.0.4.1'), 'shared@example.com');
    await failTimes(
      new TestAgent(ctx().app, '10.0.4.2'),
      { email: 'shared@example.com', password: WRONG },
      SIGN_IN_THROTTLE.maxFailuresPerAccount,
    );
    const services = await createServices(testConfig(), ctx().database);
    const second = Fastify({ logger: false });
    await buildApp(second, { services });
    await second.ready();
    try {
      const response = await new TestAgent(second, '10.0.4.3').post('/api/account/sign-in', {
        email: 'shared@example.com',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await second.close();
      await services.close();
    }
  });
});
