// s3rver ships no types; the tests use this much of it (server/test/s3-server.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
    });
    run(): Promise<AddressInfo>;
    close(callback?: () => void): void;
  }
}
