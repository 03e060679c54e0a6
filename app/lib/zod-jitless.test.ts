import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless.ts';

describe('zod in the browser', () => {
  it('runs without eval once the flag is set, whether zod loads after it or before', async () => {
    makeZodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // Zod, now loaded, shares the same object: setting it again changes what zod reads.
    config({ jitless: false });
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });

  it('parses objects without ever calling Function (our CSP forbids eval)', async () => {
    makeZodJitless();
    const { z } = await import('zod');
    const original = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(original, {
      apply: (target, self, args) => {
        calls.push(args);
        return Reflect.apply(target, self, args);
      },
      construct: (target, args) => {
        calls.push(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), count: z.number().int() });
      for (let i = 0; i < 5; i++)
        expect(schema.parse({ name: 'a', count: i })).toEqual({ name: 'a', count: i });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
