import { describe, expect, it } from 'vitest';
import { isConnectionError, maskDatabaseUrl } from './connection-errors.ts';
import { createDatabaseHealth } from './database-health.ts';

describe('isConnectionError', () => {
  it('knows a lost or unreachable database from a failed statement', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isConnectionError(refused)).toBe(true);
    expect(
      isConnectionError({ code: '57P01', message: 'terminating connection due to administrator command' }),
    ).toBe(true);
    expect(isConnectionError({ code: '08006', message: 'connection failure' })).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(new AggregateError([refused], ''))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: refused }))).toBe(true);
    // A bad statement or a broken constraint is a bug or a conflict, not an outage.
    expect(isConnectionError({ code: '23505', message: 'duplicate key value' })).toBe(false);
    expect(
      isConnectionError({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }),
    ).toBe(false);
    expect(isConnectionError(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  it('masks the password of a database URL', () => {
    expect(maskDatabaseUrl('postgres://privy:hunter2@db:5432/privy')).toBe(
      'postgres://privy:****@db:5432/privy',
    );
    expect(maskDatabaseUrl('postgres://privy@db/privy')).toBe('postgres://privy@db/privy');
  });
});

describe('createDatabaseHealth', () => {
  it('goes down on a connection error, probes, and comes back up by itself', async () => {
    let reachable = true;
    const changes: boolean[] = [];
    const health = createDatabaseHealth({
      ping: async () => {
        if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      probeEveryMs: 10,
    });
    health.onChange((state) => changes.push(state.up));
    expect(health.report(new Error('syntax error at or near "selec"'))).toBe(false);
    expect(health.current().up).toBe(true);

    reachable = false;
    expect(health.report({ code: '57P01', message: 'terminating connection' })).toBe(true);
    expect(health.current()).toMatchObject({
      up: false,
      cause: 'database unreachable: terminating connection',
    });
    expect(await health.check()).toMatchObject({
      up: false,
      cause: 'database unreachable: connect ECONNREFUSED',
    });

    reachable = true;
    for (let tries = 0; health.current().up === false && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(health.current().up).toBe(true);
    expect(changes).toEqual([false, true]);
    health.close();
  });

  it('counts a database that does not answer in time as down', async () => {
    const health = createDatabaseHealth({ ping: () => new Promise(() => {}) });
    expect(await health.check(20)).toEqual({
      up: false,
      cause: 'database unreachable: no answer within 20 ms',
    });
    health.close();
  });
});
