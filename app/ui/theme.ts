import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

// Mantine's orange, its darkest shade (the light scheme's filled orange, e.g. the Go now button)
// darkened from #d9480f (4.3:1 under white text) to #c2410c (5.2:1, WCAG AA).
const orange = [...DEFAULT_THEME.colors.orange.slice(0, 9), '#c2410c'] as unknown as MantineColorsTuple;

/** Calm and trustworthy: a fresh teal primary on white, generous radius, system fonts for speed. */
export const theme = createTheme({
  primaryColor: 'teal',
  colors: { orange },
  // Shade 9 keeps teal text and buttons at WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  focusRing: 'auto',
});
