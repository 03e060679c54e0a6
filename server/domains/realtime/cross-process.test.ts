import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { type AppServices, createServices } from '../../services.ts';
import { openTestDatabase, testConfig } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { connect, subscribe } from './socket-test-support.ts';

/**
 * Two server processes on one PostgreSQL (ADR 050): a socket held by one receives what the other
 * publishes, through LISTEN/NOTIFY. Two app instances with their own connection pools, services and
 * listeners stand in for the two processes. PGlite lives inside one process, so there is nothing to
 * test there.
 */

const url = process.env.TEST_DATABASE_URL;
const reason = url ? '' : ' (skipped: needs PostgreSQL, run with npm run test:pg)';

type Instance = { app: FastifyInstance; services: AppServices };

describe.skipIf(!url)(`two app instances on one PostgreSQL${reason}`, () => {
  const instances: Instance[] = [];
  let closeDatabases: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    // The second process: its own pool on the same schema, hence the same NOTIFY channel.
    const second = await openDatabase(
      { kind: 'postgres', url: url as string },
      { searchPath: first.schema as string, poolSize: 5 },
    );
    closeDatabases = async () => {
      await second.close();
      await first.drop();
    };
    // Both processes sign sessions with the same secret, as a deployment's processes do.
    const config = testConfig();
    for (const database of [first, second]) {
      const services = await createServices({ ...testConfig(), authSecret: config.authSecret }, database);
      const app = Fastify({ logger: false });
      await buildApp(app, { services });
      await app.ready();
      instances.push({ app, services });
    }
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      await instance.services.close();
    }
    await closeDatabases();
  });

  it('a socket on instance A receives a notification created through instance B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const onA = new TestAgent(a.app);
    const credentials = { email: 'two-processes@example.com', password: 'a long enough password' };
    const { userId } = await signUpAndSignIn(onA, credentials);
    const onB = new TestAgent(b.app);
    expect((await onB.post('/api/account/sign-in', credentials)).statusCode).toBe(200);

    const socket = await connect(a.app, onA);
    expect(await subscribe(socket, `user:${userId}`)).toMatchObject({ type: 'subscribed' });
    const fired = await onB.post('/api/notifications/test', { notification_type: 'MESSAGE_RECEIVED' });
    expect(fired.statusCode).toBe(200);
    const event = await socket.messages.next((m) => m.type === 'event', 5000);
    expect(event).toMatchObject({
      type: 'event',
      channel: `user:${userId}`,
      event: 'notification',
      payload: { id: fired.json().notification.id, notification_type: 'MESSAGE_RECEIVED' },
    });
    socket.socket.terminate();
  });

  it('a socket on instance A closes when its session is signed out through instance B (ADR 155)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const credentials = { email: 'signs-out-elsewhere@example.com', password: 'a long enough password' };
    const onA = new TestAgent(a.app);
    await signUpAndSignIn(onA, credentials);
    const socket = await connect(a.app, onA);
    const closed = new Promise<number>((resolve) => socket.socket.on('close', (code) => resolve(code)));
    // The same cookie, sent to the other process.
    const onB = new TestAgent(b.app);
    const signedOut = await onB.post('/api/auth/sign-out', {}, { cookie: onA.cookieHeader() });
    expect(signedOut.statusCode).toBe(200);
    expect(await closed).toBe(4401);
  });
});
