import { createTheme } from '@mantine/core';

/** Calm and trustworthy: a fresh teal primary on white, generous radius, system fonts for speed. */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps teal text and buttons at WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  focusRing: 'auto',
});
