import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

type CssVariables = ReturnType<typeof defaultCssVariablesResolver>;

function withoutDefaults(input: CssVariables, defaults: CssVariables): CssVariables {
  const cleaned: CssVariables = { variables: {}, light: {}, dark: {} };
  for (const group of ['variables', 'light', 'dark'] as const) {
    for (const key of keys(input[group])) {
      const value = input[group][key];
      if (value !== undefined && defaults[group][key] !== value) cleaned[group][key] = value;
    }
  }
  return cleaned;
}

/**
 * The theme's CSS variables, exactly as MantineProvider writes them (what differs from Mantine's
 * stylesheet defaults), computed once: MantineProvider rebuilds this ~8 KB string for every server
 * render. The theme is a constant, so the string is one too (theme-css-variables.test.tsx checks it
 * still matches Mantine's own output).
 */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const ours = defaultCssVariablesResolver(merged);
const overrides = cssVariablesResolver(merged);
export const THEME_CSS_VARIABLES = convertCssVariables(
  withoutDefaults(
    {
      variables: { ...ours.variables, ...overrides.variables },
      light: { ...ours.light, ...overrides.light },
      dark: { ...ours.dark, ...overrides.dark },
    },
    defaultCssVariablesResolver(DEFAULT_THEME),
  ),
);

/** Use with `<MantineProvider withCssVariables={false}>`, on the server and in the browser alike. */
export function ThemeCssVariables() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant built from our own theme.
  return <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: THEME_CSS_VARIABLES }} />;
}
