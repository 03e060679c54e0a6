import { MantineProvider, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClosedSelect, StaticTextInput } from './static-input.tsx';
import { theme } from './theme.ts';

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
}

const noop = () => {};

describe('static inputs draw exactly what Mantine draws', () => {
  it.each([
    ['date', undefined, ''],
    ['time', 900, '10:15'],
  ] as const)('a %s text input', (type, step, value) => {
    const ours = html(
      <StaticTextInput id="f" label="When" type={type} step={step} value={value} onChange={noop} />,
    );
    expect(ours).toContain('When');
    expect(ours).toBe(
      html(<TextInput id="f" label="When" type={type} step={step} value={value} onChange={noop} />),
    );
  });

  it('a closed select', () => {
    const data = [
      { value: '1', label: '1 mile' },
      { value: '5', label: '5 miles' },
    ];
    const ours = html(<ClosedSelect id="r" label="Within" value="5" valueLabel="5 miles" />);
    expect(ours).toContain('5 miles');
    expect(ours).toBe(
      html(<Select id="r" label="Within" data={data} value="5" onChange={noop} allowDeselect={false} />),
    );
  });
});
