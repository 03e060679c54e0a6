import { Alert, Chip, MantineProvider, Pagination, SegmentedControl, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticChip, StaticRedAlert, StaticRowTable, StaticSegmentedControl } from './static-choice.tsx';
import { StaticPagination } from './static-pagination.tsx';
import { theme } from './theme.ts';

/** The markup, with React's generated ids numbered in order of appearance (they differ by tree). */
function html(node: ReactNode): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
  const ids = new Map<string, string>();
  return markup.replace(/_R_[A-Za-z0-9]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return `ID:${ids.get(id)}`;
  });
}

const noop = () => {};

describe('static choices draw exactly what Mantine draws', () => {
  const lengths = [
    { value: '15', label: '15 min' },
    { value: '30', label: '30 min' },
    { value: '60', label: '1 hour' },
  ];
  it.each([
    ['15', true],
    ['60', false],
  ])('a segmented control (value %s, full width %s)', (value, fullWidth) => {
    const ours = html(
      <StaticSegmentedControl
        aria-label="How long"
        data={lengths}
        value={value}
        onChange={noop}
        fullWidth={fullWidth}
      />,
    );
    expect(ours).toContain('30 min');
    expect(ours).toBe(
      html(
        <SegmentedControl
          aria-label="How long"
          data={lengths}
          value={value}
          onChange={noop}
          fullWidth={fullWidth}
        />,
      ),
    );
  });

  it('chips in a single-choice group', () => {
    const starts = ['a', 'b', 'c'];
    const ours = html(
      starts.map((start) => (
        <StaticChip key={start} value={start} checked={start === 'b'} onChange={noop}>
          {start.toUpperCase()}
        </StaticChip>
      )),
    );
    expect(ours).toContain('mantine-Chip-checkIcon');
    expect(ours).toBe(
      html(
        <Chip.Group value="b" onChange={noop}>
          {starts.map((start) => (
            <Chip key={start} value={start} size="sm" variant="outline">
              {start.toUpperCase()}
            </Chip>
          ))}
        </Chip.Group>,
      ),
    );
  });

  it('a red alert', () => {
    expect(html(<StaticRedAlert data-testid="e">Taken</StaticRedAlert>)).toBe(
      html(
        <Alert color="red" role="alert" data-testid="e">
          Taken
        </Alert>,
      ),
    );
  });

  it('a table of headed rows', () => {
    const rows = [
      { key: 1, head: 'Monday', cell: '9 am – 5 pm' },
      { key: 2, head: 'Tuesday', cell: 'Closed' },
    ];
    expect(html(<StaticRowTable rows={rows} />)).toBe(
      html(
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  {row.head}
                </Table.Th>
                <Table.Td>{row.cell}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>,
      ),
    );
  });

  it('pagination, wherever the page is', () => {
    const controlProps = (control: string) => ({ 'aria-label': `${control} page` });
    for (const total of [2, 5, 7, 8, 12, 30])
      for (let value = 1; value <= total; value++)
        expect(
          html(<StaticPagination total={total} value={value} onChange={noop} />),
          `${value} of ${total}`,
        ).toBe(
          html(<Pagination total={total} value={value} onChange={noop} getControlProps={controlProps} />),
        );
  });
});
