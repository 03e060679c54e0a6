import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import { AddressStandIn } from './address-stand-in.tsx';

/** The markup, with React's generated ids numbered in order of appearance (they differ by tree). */
function html(node: ReactNode): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
  const ids = new Map<string, string>();
  return markup.replace(/(mantine-)?_R_[A-Za-z0-9]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return `ID:${ids.get(id)}`;
  });
}

const noop = () => {};

describe('AddressStandIn draws exactly what AddressAutocomplete draws, closed', () => {
  it.each([
    ['empty', {}],
    ['with a description', { description: 'Finding your location…' }],
    ['with an error', { error: 'Choose a place from the list.' }],
    ['required, without the location button', { required: true, withMyLocation: false }],
  ])(
    '%s',
    (_name, props: {
      description?: string;
      error?: string;
      required?: boolean;
      withMyLocation?: boolean;
    }) => {
      const ours = html(
        <AddressStandIn label="Where are you?" text="" onTextChange={noop} onFocusChange={noop} {...props} />,
      );
      expect(ours).toContain('Where are you?');
      const theirs = html(
        <AddressAutocomplete label="Where are you?" value={null} onChange={noop} {...props} />,
      );
      expect(ours).toBe(theirs);
    },
  );

  it('shows the text typed so far', () => {
    const ours = html(
      <AddressStandIn label="Where are you?" text="Aus" onTextChange={noop} onFocusChange={noop} />,
    );
    expect(ours).toContain('value="Aus"');
  });
});
