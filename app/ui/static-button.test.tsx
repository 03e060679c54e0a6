import { ActionIcon, Burger, Button, MantineProvider } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DefaultActionIcon, HeaderBurger, LinkButton, StaticButton, SubmitButton } from './static-button.tsx';
import { theme } from './theme.ts';

/** Markup of a node under our theme (and a router, for links). */
function html(node: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }]);
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <Stub />
    </MantineProvider>,
  );
}

const noop = () => {};

describe('static buttons draw exactly what Mantine draws', () => {
  it.each(['filled', 'subtle', 'default'] as const)('a %s link button', (variant) => {
    expect(
      html(
        <LinkButton to="/register" variant={variant}>
          Sign up
        </LinkButton>,
      ),
    ).toBe(
      html(
        <Button component={Link} to="/register" variant={variant === 'filled' ? undefined : variant}>
          Sign up
        </Button>,
      ),
    );
  });

  it('the full-width submit button with an icon', () => {
    const icon = <IconSearch size={18} aria-hidden />;
    const ours = html(
      <SubmitButton size="md" fullWidth leftSection={icon}>
        Find a bathroom
      </SubmitButton>,
    );
    expect(ours).toContain('Find a bathroom');
    expect(ours).toBe(
      html(
        <Button type="submit" size="md" fullWidth leftSection={icon}>
          Find a bathroom
        </Button>,
      ),
    );
  });

  it.each([
    ['teal', 'filled'],
    ['default', 'default'],
  ] as const)('a compact %s day link', (ours, theirs) => {
    expect(
      html(
        <LinkButton to="/d" size="compact-sm" variant={ours} replace preventScrollReset aria-current="date">
          Today
        </LinkButton>,
      ),
    ).toBe(
      html(
        <Button
          component={Link}
          to="/d"
          replace
          preventScrollReset
          size="compact-sm"
          variant={theirs}
          aria-current="date"
        >
          Today
        </Button>,
      ),
    );
  });

  it.each([false, true])('the full-width submit button (loading: %s)', (loading) => {
    expect(
      html(
        <SubmitButton size="md" fullWidth loading={loading}>
          Reserve and pay
        </SubmitButton>,
      ),
    ).toBe(
      html(
        <Button type="submit" size="md" fullWidth loading={loading}>
          Reserve and pay
        </Button>,
      ),
    );
  });

  it('buttons that act on a tap', () => {
    const icon = <IconSearch size={18} aria-hidden />;
    expect(
      html(
        <StaticButton variant="default" leftSection={icon} onClick={noop}>
          Filters
        </StaticButton>,
      ),
    ).toBe(
      html(
        <Button variant="default" leftSection={icon} onClick={noop}>
          Filters
        </Button>,
      ),
    );
    expect(
      html(
        <StaticButton variant="subtle" size="compact-sm" mt={6} onClick={noop}>
          Show all
        </StaticButton>,
      ),
    ).toBe(
      html(
        <Button variant="subtle" size="compact-sm" mt={6} onClick={noop}>
          Show all
        </Button>,
      ),
    );
    expect(
      html(
        <StaticButton variant="subtle-gray" size="compact-sm" leftSection={icon} onClick={noop}>
          Report this listing
        </StaticButton>,
      ),
    ).toBe(
      html(
        <Button variant="subtle" color="gray" size="compact-sm" leftSection={icon} onClick={noop}>
          Report this listing
        </Button>,
      ),
    );
  });

  it('the default action icon', () => {
    const props = {
      onClick: noop,
      'aria-label': 'Light mode',
      title: 'Light',
      'data-testid': 't',
      'data-mode': 'light',
    };
    expect(html(<DefaultActionIcon {...props}>x</DefaultActionIcon>)).toBe(
      html(
        <ActionIcon variant="default" size="lg" {...props}>
          x
        </ActionIcon>,
      ),
    );
  });

  it.each([false, true])('the burger (opened: %s)', (opened) => {
    expect(html(<HeaderBurger opened={opened} onClick={noop} aria-label="Open navigation" />)).toBe(
      html(<Burger opened={opened} onClick={noop} hiddenFrom="sm" aria-label="Open navigation" />),
    );
  });
});
