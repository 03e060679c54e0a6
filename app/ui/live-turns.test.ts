import { describe, expect, it } from 'vitest';
import { createTurnQueue, type Turn } from './live-turns.ts';

/** Timers the test drives: each `later` is a task that runs when the clock reaches it. */
function fakeTasks() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    timers: {
      later: (run: () => void, ms: number) => {
        nextId += 1;
        pending.set(nextId, { at: now + ms, run });
        return nextId;
      },
      cancel: (handle: unknown) => {
        pending.delete(handle as number);
      },
    },
    /** Runs the earliest due task (one task, as the browser would); false when none is due by `until`. */
    runOne(until = now): boolean {
      const due = [...pending]
        .filter(([, task]) => task.at <= until)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
      const first = due[0];
      if (!first) return false;
      pending.delete(first[0]);
      now = Math.max(now, first[1].at);
      first[1].run();
      return true;
    },
  };
}

describe('live parts take turns', () => {
  it('starts one part per task, in the order they mounted, each after the previous committed', () => {
    const tasks = fakeTasks();
    const queue = createTurnQueue(tasks.timers, 100);
    const started: string[] = [];
    const turns: Record<string, Turn> = {};
    for (const name of ['header', 'address', 'selects']) {
      turns[name] = queue.enqueue(() => started.push(name));
    }
    expect(started).toEqual([]); // nothing in the mounting task itself

    expect(tasks.runOne()).toBe(true);
    expect(started).toEqual(['header']);
    expect(tasks.runOne()).toBe(false); // the next waits for the header's commit

    queue.finish(turns.header as Turn);
    expect(started).toEqual(['header']); // not in the committing task either
    tasks.runOne();
    expect(started).toEqual(['header', 'address']);

    queue.finish(turns.address as Turn);
    tasks.runOne();
    queue.finish(turns.selects as Turn);
    while (tasks.runOne(10_000));
    expect(started).toEqual(['header', 'address', 'selects']);
  });

  it('moves on after the limit when a part has not committed (its code is still loading)', () => {
    const tasks = fakeTasks();
    const queue = createTurnQueue(tasks.timers, 100);
    const started: string[] = [];
    const slow = queue.enqueue(() => started.push('slow'));
    queue.enqueue(() => started.push('next'));
    tasks.runOne();
    expect(started).toEqual(['slow']);
    expect(tasks.runOne(99)).toBe(false);
    tasks.runOne(100); // the limit
    tasks.runOne(100);
    expect(started).toEqual(['slow', 'next']);
    // The slow part committing later does not start anything twice.
    queue.finish(slow);
    while (tasks.runOne(10_000));
    expect(started).toEqual(['slow', 'next']);
  });

  it('does not wait for a part that unmounted, before or during its turn', () => {
    const tasks = fakeTasks();
    const queue = createTurnQueue(tasks.timers, 100);
    const started: string[] = [];
    const first = queue.enqueue(() => started.push('first'));
    const gone = queue.enqueue(() => started.push('gone'));
    queue.enqueue(() => started.push('last'));
    queue.leave(gone);
    tasks.runOne();
    queue.leave(first); // the page changed during its turn
    tasks.runOne();
    expect(started).toEqual(['first', 'last']);
  });

  it('starts a part that mounts later once the queue has drained', () => {
    const tasks = fakeTasks();
    const queue = createTurnQueue(tasks.timers, 100);
    const started: string[] = [];
    const page = queue.enqueue(() => started.push('page'));
    tasks.runOne();
    queue.finish(page);
    tasks.runOne(1_000);
    const later = queue.enqueue(() => started.push('dialog'));
    tasks.runOne(1_000);
    expect(started).toEqual(['page', 'dialog']);
    expect(later.state).toBe('active');
  });

  it('starts a part the guest reaches for at once, and leaves the others in their order', () => {
    const tasks = fakeTasks();
    const queue = createTurnQueue(tasks.timers, 100);
    const started: string[] = [];
    const first = queue.enqueue(() => started.push('first'));
    queue.enqueue(() => started.push('second'));
    const tapped = queue.enqueue(() => started.push('tapped'));
    tasks.runOne();
    queue.hurry(tapped);
    expect(started).toEqual(['first', 'tapped']);
    queue.hurry(tapped); // a second tap starts nothing again
    queue.finish(tapped); // its commit does not end the first part's turn
    expect(tasks.runOne()).toBe(false);
    queue.finish(first);
    while (tasks.runOne(10_000));
    expect(started).toEqual(['first', 'tapped', 'second']);
  });
});
