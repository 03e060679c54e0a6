import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { GuestHoldCard, HostHolds } from './hold-cards.tsx';

async function render(element: React.ReactElement): Promise<string> {
  const handler = createStaticHandler([{ id: 'page', path: '/page', Component: () => element }]);
  const context = await handler.query(new Request('http://localhost/page'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const hold = {
  id: '0b7e5c1e-3f5a-4a57-9a57-3d7f2c1b9e10',
  bathroom_title: 'Bright bathroom near Congress Ave',
  timezone: 'America/Chicago',
  starts_at: '2026-12-01T16:00:00.000Z',
  ends_at: '2026-12-01T16:30:00.000Z',
  price_cents: 938,
  hold_expires_at: '2026-12-01T15:45:00.000Z',
  guest_first_name: 'Gina',
};

describe('hold cards', () => {
  it('the guest sees until when the time is held, in the bathroom’s zone, and a Pay now that posts to the booking', async () => {
    const html = await render(<GuestHoldCard booking={hold} />);
    expect(text(html)).toContain('Held for you until 9:45 AM CST');
    expect(text(html)).toContain('Pay now · $9.38');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain(`action="/bookings/${hold.id}"`);
    expect(form).toContain('method="post"');
    expect(html).toMatch(/value="pay"[^>]*name="intent"|name="intent"[^>]*value="pay"/);
  });

  it('the host sees holds apart, with who holds what and when it expires; nothing when there are none', async () => {
    const shown = text(await render(<HostHolds holds={[hold]} />));
    expect(shown).toContain('Held, not yet booked');
    expect(shown).toContain('Gina · Held, awaiting payment, expires 9:45 AM CST');
    expect(shown).toContain('Bright bathroom near Congress Ave');
    expect(await render(<HostHolds holds={[]} />)).not.toContain('Held');
  });
});
