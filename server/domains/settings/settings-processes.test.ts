import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { type AppServices, createServices } from '../../services.ts';
import { openTestDatabase, testConfig } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';
import { createSettingsService } from './settings-service.ts';

/**
 * Two server processes on one PostgreSQL (ADR 140): a change saved through one reaches the other's
 * copy of the settings through LISTEN/NOTIFY, well before any TTL. Two app instances with their own
 * pools, buses and caches stand in for the processes (as realtime/cross-process.test.ts does).
 * PGlite lives inside one process, so there is nothing to test there.
 */

const url = process.env.TEST_DATABASE_URL;
const reason = url ? '' : ' (skipped: needs PostgreSQL, run with npm run test:pg)';

type Instance = { app: FastifyInstance; services: AppServices };

describe.skipIf(!url)(`settings on two app instances sharing one PostgreSQL${reason}`, () => {
  const instances: Instance[] = [];
  let closeDatabases: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    const second = await openDatabase(
      { kind: 'postgres', url: url as string },
      { searchPath: first.schema as string, poolSize: 5 },
    );
    closeDatabases = async () => {
      await second.close();
      await first.drop();
    };
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

  it('a change saved on instance A invalidates instance B’s copy through NOTIFY', async () => {
    const [a, b] = instances as [Instance, Instance];
    // On B, beside its own service, a copy that never expires: only the NOTIFY can refresh it.
    const neverExpires = createSettingsService({
      db: b.services.db,
      bus: b.services.realtime.bus,
      deployment: { mailFrom: b.services.config.mailFrom, contactEmail: b.services.config.contactEmail },
      cacheTtlMs: Number.POSITIVE_INFINITY,
    });
    try {
      expect((await neverExpires.current()).goNowEnabled).toBe(true);
      expect((await b.services.settings.current()).goNowEnabled).toBe(true);

      const admin = new TestAgent(a.app);
      const { userId } = await signUpAndSignIn(admin, {
        email: 'admin@example.com',
        password: 'a fine password',
      });
      await updateProfile(a.services.db, userId, { is_admin: true });
      const saved = await admin.request('PUT', '/api/admin/settings', { goNowEnabled: false });
      expect(saved.statusCode, saved.body).toBe(200);

      await vi.waitFor(async () => expect((await neverExpires.current()).goNowEnabled).toBe(false), {
        timeout: 5_000,
      });
      // B's own engines follow: its Go now refuses without a restart.
      const goNow = await new TestAgent(b.app).get('/api/bathrooms/go-now?lat=40.7128&lon=-74.006');
      expect(goNow.statusCode).toBe(404);
    } finally {
      neverExpires.close();
    }
  });
});
