import { describe, expect, it } from 'vitest';
import type { SendOutcome, SendRequest } from './send-messages.ts';
import { createSendQueue } from './send-queue.ts';

const request = (content: string): SendRequest => ({
  actor: { userId: 'u1', isAdmin: false },
  bookingId: 'b1',
  input: { content },
});
const answered = (requests: SendRequest[]): SendOutcome[] =>
  requests.map((item) => ({
    ok: true,
    created: true,
    message: { content: item.input.content } as never,
  }));
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('send queue (group commit)', () => {
  it('sends at once while the database is free, and gathers what waits behind two batches', async () => {
    const batches: string[][] = [];
    const release: Array<() => void> = [];
    const queue = createSendQueue(async (requests) => {
      batches.push(requests.map((item) => item.input.content));
      await new Promise<void>((resolve) => release.push(resolve));
      return answered(requests);
    });

    const first = queue.send(request('a'));
    await turn();
    const second = queue.send(request('b'));
    await turn();
    expect(batches).toEqual([['a'], ['b']]);

    const waiting = ['c', 'd', 'e'].map((content) => queue.send(request(content)));
    await turn();
    expect(batches).toHaveLength(2); // both batches still being written: c, d and e wait together
    release.shift()?.();
    await expect(first).resolves.toMatchObject({ message: { content: 'a' } });
    await turn();
    expect(batches).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    for (const done of release.splice(0)) done();
    await expect(second).resolves.toMatchObject({ message: { content: 'b' } });
    await expect(Promise.all(waiting)).resolves.toMatchObject([
      { message: { content: 'c' } },
      { message: { content: 'd' } },
      { message: { content: 'e' } },
    ]);
  });

  it('fails a refused send alone, and retries a failed batch send by send', async () => {
    const batches: string[][] = [];
    const queue = createSendQueue(async (requests) => {
      batches.push(requests.map((item) => item.input.content));
      if (requests.length > 1 && requests.some((item) => item.input.content === 'poison')) {
        throw new Error('the transaction failed');
      }
      return requests.map((item) =>
        item.input.content === 'poison' || item.input.content === 'refused'
          ? { ok: false, error: new Error(`${item.input.content} refused`) }
          : (answered([item])[0] as SendOutcome),
      );
    });
    const results = await Promise.allSettled(
      ['ok', 'refused', 'poison', 'fine'].map((content) => queue.send(request(content))),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(batches).toEqual([['ok', 'refused', 'poison', 'fine'], ['ok'], ['refused'], ['poison'], ['fine']]);
  });
});
