import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { createServices } from '../../services.ts';
import { describeWithApp, openTestDatabase, testConfig } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { registerByEmail } from '../auth/auth-test-support.ts';
import { createS3Storage } from './s3-storage.ts';
import { makeImage, uploadFile } from './upload-test-helpers.ts';

const s3 = await startS3Server();
afterAll(() => s3.close());

describe('S3 object store', () => {
  const objects = createS3Storage(s3.settings);

  it('stores, reads and deletes an object; a missing one is null', async () => {
    const body = await makeImage('webp');
    await objects.put('images/avatar/one@1x.webp', body, { contentType: 'image/webp' });
    const stored = await objects.get('images/avatar/one@1x.webp');
    expect(stored).toMatchObject({ size: body.length, contentType: 'image/webp' });
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    await objects.delete('images/avatar/one@1x.webp');
    expect(await objects.get('images/avatar/one@1x.webp')).toBeNull();
    await expect(objects.delete('images/avatar/never@1x.webp')).resolves.toBeUndefined();
    expect(await objects.get('../etc/passwd')).toBeNull();
  });

  it('reads its settings from the environment', () => {
    const config = loadConfig({
      APP_ENV: 'test',
      DATA_DIR: '/tmp/privy-config-s3',
      S3_BUCKET: 'privy-uploads',
      S3_URL: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.objectStore).toEqual({
      kind: 's3',
      bucket: 'privy-uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(() =>
      loadConfig({ APP_ENV: 'test', DATA_DIR: '/tmp/privy-config-s3', S3_URL: 'http://minio:9000' }),
    ).toThrow(/S3_BUCKET: required/);
  });
});

describeWithApp(
  'uploads in a bucket, read by another server process',
  (ctx) => {
    // Another process on the same bucket, with a data folder (and here a database) of its own:
    // serving an upload needs nothing but the bucket.
    let other: FastifyInstance;
    beforeAll(async () => {
      const database = await openTestDatabase('pglite');
      const services = await createServices(
        { ...testConfig(), objectStore: ctx().services.config.objectStore },
        database,
      );
      other = Fastify({ logger: false });
      await buildApp(other, { services });
      await other.ready();
    });
    afterAll(async () => {
      await other.close();
    });

    it('a picture uploaded through one process is served by another', async () => {
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, 'bucket@example.com');
      const picture = await makeImage('png', { width: 600, height: 600 });
      const response = await uploadFile(ctx().app, agent, '/api/profile/picture', picture);
      expect(response.statusCode).toBe(200);
      const { profile_picture_url: url } = response.json() as { profile_picture_url: string };
      expect(url).toMatch(/^\/uploads\/images\/avatar\/.+@1x\.webp$/);
      const served = await other.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    });
  },
  { config: { objectStore: { kind: 's3', ...s3.settings } } satisfies Partial<Config> },
);
