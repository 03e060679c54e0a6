import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { CONTACT_RATE_LIMIT } from '../email/routes.ts';
import { countHit, countHits } from './repository.ts';

const message = {
  name: 'Dana Rivers',
  email: 'dana@example.com',
  subject: 'Door code',
  body: 'The code did not open the door.',
};

describeWithApp('request budgets in the database', (ctx) => {
  // A second server process on the same database: its own Fastify app and rate-limit plugin.
  let second: FastifyInstance;
  beforeAll(async () => {
    second = Fastify({ logger: false });
    await buildApp(second, { services: ctx().services });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
  });

  it('two processes behind one address share one budget', async () => {
    const first = new TestAgent(ctx().app, '10.1.0.1');
    const other = new TestAgent(second, '10.1.0.1');
    for (let sent = 0; sent < CONTACT_RATE_LIMIT.max; sent++) {
      const agent = sent % 2 ? other : first;
      expect((await agent.post('/api/email/send', message)).statusCode).toBe(200);
    }
    const refused = await other.post('/api/email/send', message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller has a budget of its own.
    expect((await new TestAgent(second, '10.1.0.2').post('/api/email/send', message)).statusCode).toBe(200);
  });

  it('counts each route separately and starts a window over once it ends', async () => {
    const { db } = ctx().services;
    expect(await countHit(db, 'POST /a|ip:1', 60_000)).toMatchObject({ hits: 1 });
    expect(await countHit(db, 'POST /a|ip:1', 60_000)).toMatchObject({ hits: 2 });
    expect(await countHit(db, 'POST /b|ip:1', 60_000)).toMatchObject({ hits: 1 });
    await countHit(db, 'POST /short|ip:1', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await countHit(db, 'POST /short|ip:1', 60_000)).toMatchObject({ hits: 1 });
  });

  it('counts many hits in one statement, one by one on a shared key', async () => {
    const { db } = ctx().services;
    await countHit(db, 'POST /c|ip:1', 60_000);
    const counted = await countHits(db, [
      { key: 'POST /c|ip:1', windowMs: 60_000 },
      { key: 'POST /c|ip:2', windowMs: 60_000 },
      { key: 'POST /c|ip:1', windowMs: 60_000 },
      { key: 'POST /c|ip:1', windowMs: 60_000 },
    ]);
    expect(counted.map((hit) => hit.hits)).toEqual([2, 1, 3, 4]);
    expect(counted.every((hit) => hit.ttlMs > 0 && hit.ttlMs <= 60_000)).toBe(true);
  });

  it('refuses requests sent together past the budget, as it refuses them one by one', async () => {
    const agent = new TestAgent(ctx().app, '10.1.0.3');
    const answers = await Promise.all(
      Array.from({ length: CONTACT_RATE_LIMIT.max + 2 }, () => agent.post('/api/email/send', message)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(2);
  });

  it('prunes budgets whose window has ended', async () => {
    const { db, rateLimits } = ctx().services;
    await countHit(db, 'POST /gone|ip:1', 1);
    await countHit(db, 'POST /kept|ip:1', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await rateLimits.prune()).toBe(1);
    const left = await db.selectFrom('rate_limits').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['POST /kept|ip:1']);
  });
});
