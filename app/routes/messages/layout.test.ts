import { describe, expect, it } from 'vitest';
import { shouldRevalidate } from './layout.tsx';

const args = (from: string, to: string, formMethod?: 'POST') =>
  ({
    currentUrl: new URL(from, 'http://privy.test'),
    nextUrl: new URL(to, 'http://privy.test'),
    formMethod,
    defaultShouldRevalidate: true,
  }) as Parameters<typeof shouldRevalidate>[0];

describe('the messages list reloads', () => {
  it('not when another conversation is opened: live events keep it current', () => {
    expect(shouldRevalidate(args('/messages', '/messages/b1'))).toBe(false);
    expect(shouldRevalidate(args('/messages/b1', '/messages/b2'))).toBe(false);
  });

  it('when the same address is loaded again (a restored channel, ADR 162) or a form is sent', () => {
    expect(shouldRevalidate(args('/messages/b1', '/messages/b1'))).toBe(true);
    expect(shouldRevalidate(args('/messages/b1', '/messages/b2', 'POST'))).toBe(true);
    expect(shouldRevalidate(args('/messages/b1', '/messages/b1?booking=b2'))).toBe(true);
  });
});
