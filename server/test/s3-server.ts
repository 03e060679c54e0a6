import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../domains/storage/s3-storage.ts';

/**
 * A local S3-compatible server (s3rver) with one empty bucket, for tests of the S3 object store:
 * the same SDK calls a deployment makes against AWS, MinIO or R2, with nothing to install.
 */
export async function startS3Server(
  bucket = 'privy-test',
): Promise<{ settings: S3Settings; close: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'privy-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver checks signatures made with these fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
