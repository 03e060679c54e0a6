import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createServices } from '../../services.ts';
import { describeWithApp, testConfig } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { PASSWORD } from './auth-test-support.ts';
import { judgeSignInAttempt, SIGN_IN_THROTTLE, waitAfterFailures } from './sign-in-throttle.ts';
import type { SignInRecord } from './sign-in-throttle-repository.ts';

const WRONG = 'not the right password';
const { pair, account, address } = SIGN_IN_THROTTLE;

describe('the throttle rule', () => {
  it('costs nothing for the free failures, then doubles the wait up to the ceiling', () => {
    const rule = { freeFailures: 3, firstWaitSeconds: 1, maxWaitSeconds: 60 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => waitAfterFailures(n, rule))).toEqual([
      0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  const at = new Date('2026-11-26T12:00:00Z');
  const ago = (seconds: number) => new Date(at.getTime() - seconds * 1000);
  const record = (over: Partial<SignInRecord>): SignInRecord => ({
    now: at,
    pair: { count: 0, last: null },
    account: { count: 0, last: null },
    address: { count: 0, last: null },
    known: false,
    ...over,
  });

  it('counts the wait from the last failure, and names the scope that holds longest', () => {
    const fifth = pair.freeFailures + 2; // waits twice the first wait
    expect(judgeSignInAttempt(record({ pair: { count: fifth, last: ago(0) } }))).toEqual({
      allowed: false,
      scope: 'pair',
      retryAfterSeconds: 2 * pair.firstWaitSeconds,
    });
    expect(judgeSignInAttempt(record({ pair: { count: fifth, last: ago(2) } }))).toEqual({ allowed: true });
    const crowded = record({
      pair: { count: fifth, last: ago(0) },
      account: { count: account.freeFailures + 5, last: ago(1) },
    });
    expect(judgeSignInAttempt(crowded)).toMatchObject({ scope: 'account', retryAfterSeconds: 15 });
  });

  it('never makes free failures wait, even one stamped after the clock it is judged by', () => {
    // A racing sign-in can commit its failure after this one's clock was read (ADR 105).
    const later = ago(-0.3);
    const free = record({
      pair: { count: pair.freeFailures, last: later },
      account: { count: account.freeFailures, last: later },
      address: { count: address.freeFailures, last: later },
    });
    expect(judgeSignInAttempt(free)).toEqual({ allowed: true });
    const oneMore = record({ address: { count: address.freeFailures + 1, last: later } });
    expect(judgeSignInAttempt(oneMore)).toMatchObject({ scope: 'address', retryAfterSeconds: 2 });
  });

  it('lets an address known to the account past the account and address scopes, never past its own', () => {
    const busy = {
      account: { count: 500, last: ago(0) },
      address: { count: 500, last: ago(0) },
    };
    expect(judgeSignInAttempt(record({ ...busy, known: false })).allowed).toBe(false);
    expect(judgeSignInAttempt(record({ ...busy, known: true })).allowed).toBe(true);
    expect(
      judgeSignInAttempt(record({ ...busy, known: true, pair: { count: 40, last: ago(0) } })),
    ).toMatchObject({ scope: 'pair', retryAfterSeconds: pair.maxWaitSeconds });
  });
});

describeWithApp('sign-in throttling', (ctx) => {
  const signIn = (agent: TestAgent, body: Record<string, string>) => agent.post('/api/account/sign-in', body);
  const failTimes = async (agent: TestAgent, body: Record<string, string>, times: number) => {
    for (let i = 0; i < times; i++) expect((await signIn(agent, body)).statusCode).toBe(401);
  };
  const failures = async (where: { identifier?: string; ip?: string } = {}) => {
    let query = ctx().services.db.selectFrom('sign_in_failures').select('id');
    if (where.identifier) query = query.where('identifier', '=', where.identifier);
    if (where.ip) query = query.where('ip', '=', where.ip);
    return (await query.execute()).length;
  };
  /**
   * Stamps every recorded failure a minute ahead, so a wait they start has certainly not run out
   * when the next request is judged, however slow the machine (the waits are a few seconds).
   */
  const pinAsJustNow = () =>
    sql`update sign_in_failures set failed_at = now() + interval '1 minute'`.execute(ctx().services.db);
  /** Moves every recorded failure this far into the past, instead of waiting. */
  const age = (seconds: number) =>
    sql`update sign_in_failures set failed_at = now() - make_interval(secs => ${seconds})`.execute(
      ctx().services.db,
    );

  it('makes one address wait longer after each wrong password, and checks nothing while it waits', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.0.0.1'), {
      email: 'slow@example.com',
      password: PASSWORD,
    });
    const guesser = new TestAgent(ctx().app, '10.0.0.2');
    const wrong = { email: 'slow@example.com', password: WRONG };
    // The free failures are checked one after another, with no wait.
    await failTimes(guesser, wrong, pair.freeFailures + 1);
    await pinAsJustNow();
    // better-auth's own warning for each goes to the app's logger (captured in tests, ADR 115).
    const warned = ctx().log.entries.filter(
      (entry) => entry.level === 'warn' && entry.msg === 'Invalid password',
    );
    expect(warned).toHaveLength(pair.freeFailures + 1);
    expect(warned[0]?.obj).toMatchObject({ source: 'better-auth' });

    // Even the right password is not checked during the wait, and knocking does not count.
    const held = await signIn(guesser, { email: 'SLOW@example.com', password: PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ error: 'rate_limited' });
    expect(held.json().message).toMatch(
      /^Too many wrong passwords\. Please wait .+, or reset your password\.$/,
    );
    const firstWait = Number(held.headers['retry-after']) - 60;
    expect(firstWait).toBeGreaterThanOrEqual(pair.firstWaitSeconds - 1);
    expect(firstWait).toBeLessThanOrEqual(pair.firstWaitSeconds);
    expect(await failures()).toBe(pair.freeFailures + 1);
    expect((await guesser.get('/api/account/me')).statusCode).toBe(401);

    // Once the wait is over one more guess is checked, and the next wait is twice as long.
    await age(pair.firstWaitSeconds);
    await failTimes(guesser, wrong, 1);
    await pinAsJustNow();
    const longer = await signIn(guesser, wrong);
    expect(longer.statusCode).toBe(429);
    const secondWait = Number(longer.headers['retry-after']) - 60;
    expect(secondWait).toBeGreaterThanOrEqual(2 * pair.firstWaitSeconds - 1);
    expect(secondWait).toBeLessThanOrEqual(2 * pair.firstWaitSeconds);

    await age(2 * pair.firstWaitSeconds);
    expect((await signIn(guesser, { email: 'slow@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('never locks the owner out: their usual address signs in while many others fail on the account', async () => {
    const owner = new TestAgent(ctx().app, '10.1.0.1');
    await signUpAndSignIn(owner, { email: 'target@example.com', password: PASSWORD });
    for (let i = 0; i <= account.freeFailures; i++) {
      await failTimes(
        new TestAgent(ctx().app, `10.1.1.${i}`),
        { email: 'target@example.com', password: WRONG },
        1,
      );
    }

    await pinAsJustNow();
    // A device the account has not seen waits, whatever it sends, and is told how else to get in.
    const newDevice = new TestAgent(ctx().app, '10.1.2.1');
    const held = await signIn(newDevice, { email: 'target@example.com', password: PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/new devices wait between tries.*one-time code/);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60 + account.maxWaitSeconds);

    // The owner's own address is not held by what other addresses did.
    const usual = await signIn(new TestAgent(ctx().app, '10.1.0.1'), {
      email: 'target@example.com',
      password: PASSWORD,
    });
    expect(usual.statusCode).toBe(200);

    // The new device is slowed, not locked: once the wait is over its right password works.
    await age(account.maxWaitSeconds);
    expect((await signIn(newDevice, { email: 'target@example.com', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('stops one address spraying many accounts, but not the owners elsewhere or at home there', async () => {
    const neighbour = { email: 'neighbour@example.com', password: PASSWORD };
    await signUpAndSignIn(new TestAgent(ctx().app, '10.2.0.9'), neighbour);
    await signUpAndSignIn(new TestAgent(ctx().app, '10.2.0.1'), {
      email: 'victim@example.com',
      password: PASSWORD,
    });
    const sprayer = new TestAgent(ctx().app, '10.2.0.9');
    for (let i = 0; i <= address.freeFailures; i++) {
      await failTimes(sprayer, { email: `guess${i}@example.com`, password: WRONG }, 1);
    }
    await pinAsJustNow();
    const blocked = await signIn(sprayer, { email: 'victim@example.com', password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);

    expect(
      (
        await signIn(new TestAgent(ctx().app, '10.2.0.3'), {
          email: 'victim@example.com',
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    // Someone who signed in from that address before still can: it is known to their account.
    expect((await signIn(new TestAgent(ctx().app, '10.2.0.9'), neighbour)).statusCode).toBe(200);
  });

  it('treats a phone number typed any way as one account', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.3.0.1'), {
      phone: '(512) 555-0199',
      password: PASSWORD,
    });
    const agent = new TestAgent(ctx().app, '10.3.0.2');
    for (let i = 0; i <= pair.freeFailures; i++) {
      const response = await agent.post('/api/auth/sign-in/phone-number', {
        phoneNumber: '+15125550199',
        password: WRONG,
      });
      expect(response.statusCode).toBe(401);
    }
    await pinAsJustNow();
    const held = await signIn(agent, { phone: '512.555.0199', password: PASSWORD });
    expect(held.statusCode).toBe(429);
  });

  it("forgives an address's failures when its password is right, and only that address's", async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.4.0.1'), {
      email: 'typo@example.com',
      password: PASSWORD,
    });
    const typist = new TestAgent(ctx().app, '10.4.0.2');
    const stranger = new TestAgent(ctx().app, '10.4.0.3');
    await failTimes(typist, { email: 'typo@example.com', password: WRONG }, pair.freeFailures);
    await failTimes(stranger, { email: 'typo@example.com', password: WRONG }, 2);
    expect((await signIn(typist, { email: 'typo@example.com', password: PASSWORD })).statusCode).toBe(200);
    expect(await failures({ identifier: 'typo@example.com', ip: '10.4.0.2' })).toBe(0);
    expect(await failures({ identifier: 'typo@example.com', ip: '10.4.0.3' })).toBe(2);
    // A fresh allowance for the typist.
    await failTimes(typist, { email: 'typo@example.com', password: WRONG }, pair.freeFailures);
  });

  it('judges parallel guesses one by one, so a burst cannot all be checked before any counts', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.5.0.1'), {
      email: 'burst@example.com',
      password: PASSWORD,
    });
    const guesser = new TestAgent(ctx().app, '10.5.0.2');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn(guesser, { email: 'burst@example.com', password: WRONG })),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    const held = answers.filter((answer) => answer.statusCode === 429).length;
    expect(checked + held).toBe(12);
    expect(held).toBeGreaterThan(0);
    expect(await failures({ identifier: 'burst@example.com' })).toBe(checked);
  });

  it('withdraws an attempt that ended neither right nor wrong', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.6.0.1'), {
      email: 'odd@example.com',
      password: PASSWORD,
    });
    const agent = new TestAgent(ctx().app, '10.6.0.2');
    // better-auth refuses a malformed body after our hook let the attempt in.
    const refused = await agent.post('/api/auth/sign-in/email', {
      email: 'odd@example.com',
      password: WRONG,
      rememberMe: 'yes please',
    });
    expect(refused.statusCode).toBe(400);
    expect(await failures({ identifier: 'odd@example.com' })).toBe(0);
    // A client cannot withdraw a counted failure by naming it.
    await failTimes(agent, { email: 'odd@example.com', password: WRONG }, 1);
    const [row] = await ctx().services.db.selectFrom('sign_in_failures').select('id').execute();
    await agent.post(
      '/api/auth/sign-in/email',
      { email: 'odd@example.com', password: WRONG, rememberMe: 'yes please' },
      { 'x-privy-sign-in-attempt': String(row?.id) },
    );
    expect(await failures({ identifier: 'odd@example.com' })).toBe(1);
  });

  it('holds across server processes sharing the database', async () => {
    await signUpAndSignIn(new TestAgent(ctx().app, '10.7.0.1'), {
      email: 'shared@example.com',
      password: PASSWORD,
    });
    await failTimes(
      new TestAgent(ctx().app, '10.7.0.2'),
      { email: 'shared@example.com', password: WRONG },
      pair.freeFailures + 1,
    );
    await pinAsJustNow();
    const services = await createServices(testConfig(), ctx().database, ctx().log);
    const second = Fastify({ logger: false });
    await buildApp(second, { services });
    await second.ready();
    try {
      const response = await signIn(new TestAgent(second, '10.7.0.2'), {
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
