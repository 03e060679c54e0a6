import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG 2 contrast ratio of two #rrggbb (or #rgb) colours. */
function contrast(a: string, b: string): number {
  const luminance = (short: string) => {
    const hex = short.length === 4 ? `#${[...short.slice(1)].map((digit) => digit + digit).join('')}` : short;
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The hex colour a `var(--mantine-color-red-9)` stands for in our theme. */
function resolve(variable: string | undefined): string {
  const match = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(variable ?? '');
  if (!match) throw new Error(`not a palette colour: ${variable}`);
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  return merged.colors[match[1] as string]?.[Number(match[2])] as string;
}

describe('theme', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { light, dark } = cssVariablesResolver(merged);

  it('writes error text at WCAG AA (4.5:1) on the light body and on the dark one', () => {
    expect(contrast(resolve(light['--mantine-color-error']), merged.white)).toBeGreaterThanOrEqual(4.5);
    const darkBody = merged.colors.dark[7] as string;
    expect(contrast(resolve(dark['--mantine-color-error']), darkBody)).toBeGreaterThanOrEqual(4.5);
    // Papers and inputs in the dark scheme sit on dark-6.
    expect(
      contrast(resolve(dark['--mantine-color-error']), merged.colors.dark[6] as string),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
