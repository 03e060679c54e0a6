import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';
import { THEME_CSS_VARIABLES, ThemeCssVariables } from './theme-css-variables.tsx';

/** The first <style data-mantine-styles> element of some markup, tag and all. */
function firstMantineStyle(html: string): string | undefined {
  return /<style data-mantine-styles="true">[\s\S]*?<\/style>/.exec(html)?.[0];
}

describe('ThemeCssVariables', () => {
  it('writes the same variables MantineProvider would write for our theme', () => {
    const mantine = firstMantineStyle(
      renderToStaticMarkup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />),
    );
    const ours = renderToStaticMarkup(<ThemeCssVariables />);
    expect(mantine).toBeDefined();
    expect(ours).toBe(mantine);
  });

  it('carries the theme: teal primary colour and the heading weight', () => {
    expect(THEME_CSS_VARIABLES).toContain('--mantine-primary-color-filled: var(--mantine-color-teal-filled)');
    expect(THEME_CSS_VARIABLES).toContain('--mantine-heading-font-weight: 750');
  });
});
