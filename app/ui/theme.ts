import { createTheme } from '@mantine/core';

/** Calm and trustworthy: a fresh teal primary on white, generous radius, system fonts for speed. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  focusRing: 'auto',
});
