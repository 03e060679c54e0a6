import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

// Mantine's orange, its darkest shade (the light scheme's filled orange, e.g. the Go now button)
// darkened from #d9480f (4.3:1 under white text) to #c2410c (5.2:1, WCAG AA).
const orange = [...DEFAULT_THEME.colors.orange.slice(0, 9), '#c2410c'] as unknown as MantineColorsTuple;
// Yellow likewise: its darkest shade is the text of yellow badges and alert titles on their pale
// yellow background, #e67700 there is 2.7:1; #a35200 is 5.0:1.
const yellow = [...DEFAULT_THEME.colors.yellow.slice(0, 9), '#a35200'] as unknown as MantineColorsTuple;

/** Calm and trustworthy: a fresh teal primary on white, generous radius, system fonts for speed. */
export const theme = createTheme({
  primaryColor: 'teal',
  colors: { orange, yellow },
  // Shade 9 keeps filled buttons at WCAG AA contrast (4.5:1) under white text, in both schemes:
  // the dark scheme's shade 5 (bright teal #20c997, orange #ff922b) was 2.1:1. Text in the dark
  // scheme uses shade 4 whatever this says, so it stays light on the dark body.
  primaryShade: { light: 9, dark: 9 },
  // Filled badges and buttons in other colours pick black or white text by their background.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  focusRing: 'auto',
  // A modal or drawer locks the page's scroll with global.css's `html:has(…)` rule instead of the
  // stylesheet react-remove-scroll-bar inserts on every open, which restyled the whole page in the
  // frame that shows the dialog (ADR 160). Its wheel and touch lock stays.
  components: {
    Modal: { defaultProps: { removeScrollProps: { removeScrollBar: false } } },
    Drawer: { defaultProps: { removeScrollProps: { removeScrollBar: false } } },
    // A closed select or autocomplete keeps no hidden dropdown: Mantine's Combobox mounts one by
    // default, and floating-ui then measures and positions every such invisible list as the page
    // hydrates (ADR 161).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Error text (a field's message, a refused day) at WCAG AA: Mantine's red-6 on white is 3.3:1 and
 * its dark scheme's red-8 on the dark body 3.4:1; red-9 is 5.5:1 on white, red-4 6.7:1 on dark-7
 * (theme.test.ts checks both).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
