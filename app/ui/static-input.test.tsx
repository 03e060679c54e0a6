import { MantineProvider, NativeSelect, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClosedSelect } from './closed-select.tsx';
import { StaticNativeSelect, StaticTextInput } from './static-input.tsx';
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

describe('static inputs with errors, placeholders and clear buttons', () => {
  const data = [
    { value: '15', label: '15 minutes' },
    { value: '30', label: '30 minutes' },
  ];
  it.each([
    ['with an error', { error: 'Use a real date.' }],
    ['with min and max', { min: '2027-01-01', max: '2027-03-01' }],
  ])('a date input %s', (_, extra) => {
    const ours = html(
      <StaticTextInput id="d" label="Date" type="date" value="2027-01-02" onChange={noop} {...extra} />,
    );
    expect(ours).toBe(
      html(<TextInput id="d" label="Date" type="date" value="2027-01-02" onChange={noop} {...extra} />),
    );
  });

  it.each([
    ['', undefined],
    ['15', undefined],
    ['15', 'Choose a length.'],
    ['', 'Choose a length.'],
  ])('a clearable select with a placeholder (value "%s", error %s)', (value, error) => {
    const label = data.find((item) => item.value === value)?.label ?? '';
    const ours = html(
      <ClosedSelect
        id="f"
        label="For"
        placeholder="Any"
        value={value}
        valueLabel={label}
        clearable
        error={error}
      />,
    );
    expect(ours).toBe(
      html(
        <Select
          id="f"
          label="For"
          placeholder="Any"
          data={data}
          value={value || null}
          onChange={noop}
          clearable
          error={error}
        />,
      ),
    );
  });

  it('a select named by aria-label, 210 px wide', () => {
    const sort = [{ value: 'distance', label: 'Nearest first' }];
    expect(
      html(
        <ClosedSelect
          id="s"
          aria-label="Sort results"
          value="distance"
          valueLabel="Nearest first"
          width={210}
        />,
      ),
    ).toBe(
      html(
        <Select
          id="s"
          aria-label="Sort results"
          data={sort}
          value="distance"
          onChange={noop}
          allowDeselect={false}
          w={210}
        />,
      ),
    );
  });
});

describe('required, named fields and native selects', () => {
  it('a required, named date input, with and without an error', () => {
    for (const error of [undefined, 'Pick a later day.']) {
      const ours = html(
        <StaticTextInput
          id="d"
          label="Date"
          type="date"
          value="2027-01-02"
          min="2027-01-01"
          required
          name="start"
          error={error}
          onChange={noop}
        />,
      );
      expect(ours).toContain('name="start"');
      expect(ours).toBe(
        html(
          <TextInput
            id="d"
            label="Date"
            type="date"
            value="2027-01-02"
            min="2027-01-01"
            required
            name="start"
            error={error}
            onChange={noop}
          />,
        ),
      );
    }
  });

  const times = [
    { value: '', label: 'Any time' },
    { value: '09:00', label: '9:00 AM' },
    { value: '09:15', label: '9:15 AM' },
  ];
  it.each([
    ['plain', {}],
    ['with an error', { error: 'Use a time on the quarter hour.' }],
    ['required and named', { required: true, name: 'time' }],
    ['required, named and in error', { required: true, name: 'time', error: 'Pick a later time.' }],
    [
      'named by aria-label, in error',
      { label: undefined, 'aria-label': 'Monday opens', error: 'Too early.' },
    ],
  ])('a native select, %s', (_, extra) => {
    const ours = html(
      <StaticNativeSelect id="t" label="Time" data={times} value="09:15" onChange={noop} {...extra} />,
    );
    expect(ours).toContain('9:15 AM');
    expect(ours).toBe(
      html(<NativeSelect id="t" label="Time" data={times} value="09:15" onChange={noop} {...extra} />),
    );
  });
});
