import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../common/schemas/bookings.ts';
import { theme } from '../../ui/theme.ts';
import CancelBookingPayment from './cancel-booking-payment.tsx';
import PaymentSuccess from './payment-success.tsx';

// Framework mode hands the pages their props; here they have none, as before any action ran.
const Success = PaymentSuccess as unknown as React.ComponentType;
const Cancel = CancelBookingPayment as unknown as React.ComponentType;

async function render(Component: React.ComponentType, booking: BookingView): Promise<string> {
  const handler = createStaticHandler([
    { id: 'page', path: '/page', loader: () => ({ booking }), Component },
  ]);
  const context = await handler.query(new Request('http://localhost/page'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const held: BookingView = {
  id: '0b7e5c1e-3f5a-4a57-9a57-3d7f2c1b9e10',
  bathroom_id: '5d1c2b3a-1111-4222-8333-944455556666',
  bathroom_title: 'Bright bathroom near Congress Ave',
  timezone: 'America/New_York',
  guest_id: 'guest-1',
  status: 'pending_payment',
  starts_at: '2026-12-01T15:00:00.000Z',
  ends_at: '2026-12-01T15:45:00.000Z',
  duration_minutes: 45,
  cleaning_buffer_minutes: 0,
  hourly_price_cents: 1250,
  price_cents: 938,
  currency: 'usd',
  amount_paid_cents: 0,
  amount_refunded_cents: 0,
  amount_refund_settled_cents: 0,
  hold_expires_at: '2026-11-22T15:15:00.000Z',
  confirmed_at: null,
  checked_in_at: null,
  completed_at: null,
  cancelled_at: null,
  cancellation_reason: null,
  created_at: '2026-11-22T15:00:00.000Z',
};

describe('payment pages', () => {
  it('/payment-success shows the confirmed booking in the bathroom’s zone, with its price in USD', async () => {
    const shown = text(await render(Success, { ...held, status: 'confirmed' }));
    expect(shown).toContain('Your booking is confirmed');
    expect(shown).toContain('Bright bathroom near Congress Ave');
    expect(shown).toContain('Tue, Dec 1, 2026, 10:00 AM EST');
    expect(shown).toContain('45 minutes');
    expect(shown).toContain('$9.38');
    expect(shown).toContain('View booking');
  });

  it('/payment-success says so while the confirmation is on its way, or when the payment came too late', async () => {
    expect(text(await render(Success, held))).toContain('We are confirming your payment.');
    expect(text(await render(Success, { ...held, status: 'expired' }))).toContain(
      'Your payment arrived after the hold had ended',
    );
  });

  it('/cancel-booking-payment offers to pay again or release a live hold, and nothing once it ended', async () => {
    const live = await render(Cancel, held);
    expect(text(live)).toContain('We are holding this time for you until 10:15 AM EST');
    expect(live).toMatch(/<button[^>]*value="retry"/);
    expect(live).toMatch(/<button[^>]*value="release"/);
    const ended = await render(Cancel, { ...held, status: 'expired' });
    expect(text(ended)).toContain('This time is no longer held for you.');
    expect(ended).not.toMatch(/value="retry"/);
    expect(text(await render(Cancel, { ...held, status: 'confirmed' }))).toContain(
      'This booking is already paid and confirmed.',
    );
  });
});
