import { describe, expect, it, vi } from 'vitest';
import { forcedColorScheme } from './forced-color-scheme.ts';

describe('forced colour scheme (spec §4)', () => {
  it('follows the preference when no page forces a scheme', () => {
    expect(forcedColorScheme([undefined, {}, { title: 'x' }])).toBeUndefined();
  });

  it('lets the deepest route force light or dark', () => {
    expect(forcedColorScheme([{ forceColorScheme: 'dark' }, {}])).toBe('dark');
    expect(forcedColorScheme([{ forceColorScheme: 'dark' }, { forceColorScheme: 'light' }])).toBe('light');
  });

  it('ignores a forced "system" with a warning', () => {
    const warn = vi.fn();
    expect(
      forcedColorScheme([{ forceColorScheme: 'dark' }, { forceColorScheme: 'system' }], warn),
    ).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/system/));
  });
});
