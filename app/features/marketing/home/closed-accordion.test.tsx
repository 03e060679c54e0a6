import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../ui/theme.ts';
import { ClosedAccordion } from './closed-accordion.tsx';
import QuestionsAccordion from './questions-accordion.tsx';

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
}

const ITEMS = [
  { q: 'How long can I book?', a: 'For 15 minutes to 2 hours.' },
  { q: 'Do I need an account?', a: 'Yes.' },
];

describe('ClosedAccordion', () => {
  it('draws exactly what the closed Mantine Accordion that replaces it draws', () => {
    const ours = html(
      <ClosedAccordion id="faq" items={ITEMS.map((item) => ({ value: item.q, control: <b>{item.q}</b> }))} />,
    );
    expect(ours).toContain('<b>Do I need an account?</b>');
    expect(ours).toBe(
      html(
        <QuestionsAccordion
          id="faq"
          items={ITEMS.map((item) => ({ value: item.q, control: <b>{item.q}</b>, panel: item.a }))}
        />,
      ),
    );
  });
});
