import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TestCheckoutViewDto } from '../../../common/schemas/payments.ts';
import { theme } from '../../ui/theme.ts';
import TestCheckout from './test-checkout.tsx';

// Framework mode hands the page its props; here it has none, as before any action ran.
const Page = TestCheckout as unknown as React.ComponentType;

/** The test checkout page as the server renders it, with its loader's data. */
async function render(session: TestCheckoutViewDto): Promise<string> {
  const handler = createStaticHandler([
    {
      id: 'checkout',
      path: '/test-checkout/:sessionId',
      loader: () => ({ session }),
      Component: Page,
    },
  ]);
  const context = await handler.query(new Request(`http://localhost/test-checkout/${session.id}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}

const open: TestCheckoutViewDto = {
  id: 'cs_test_1',
  description: 'Bright bathroom near Congress Ave · 15 min',
  amount_cents: 1250,
  currency: 'usd',
  status: 'open',
  expires_at: '2026-11-22T15:15:00.000Z',
};

/** Whether the Pay button's own tag carries the disabled attribute. */
const payDisabled = (html: string) => {
  const tag = /<button[^>]*value="pay"[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error('no Pay button');
  return /\sdisabled(=|\s|>)/.test(tag);
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('test checkout page', () => {
  it('shows TEST MODE, the description and the amount in USD, with Pay and Cancel', async () => {
    const html = await render(open);
    const shown = text(html);
    expect(html).toContain('data-testid="test-mode-badge"');
    expect(shown).toContain('TEST MODE');
    expect(shown).toContain('Bright bathroom near Congress Ave · 15 min');
    expect(shown).toContain('$12.50');
    expect(shown).toContain('Pay $12.50');
    expect(shown).toContain('Cancel');
    expect(payDisabled(html)).toBe(false);
  });

  it('disables Pay and says why once the checkout is paid or expired', async () => {
    const expired = await render({ ...open, status: 'expired' });
    expect(text(expired)).toContain('This checkout has expired; its hold was released.');
    expect(payDisabled(expired)).toBe(true);
    expect(text(await render({ ...open, status: 'complete' }))).toContain('This checkout is already paid.');
  });
});
