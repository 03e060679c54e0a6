import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { makeImage, uploadFile } from '../storage/upload-test-helpers.ts';
import { fileRequest, fileRequestOk, money, noticesOf, refundCast } from './refund-test-support.ts';

/** Each test signs up a cast and pays for bookings; on a loaded 2-core machine that outlasts 30 s. */
const HEAVY = { timeout: 120_000 };
/**
 * Refund requests end to end on the built-in test provider (PRODUCT.md "Refund requests", ADR 126):
 * a guest asks with a photo, the host adds their side, an admin approves part; the refund is made
 * once through the bookings domain's refund machinery and reduces the host's earnings.
 */
describeWithApp('refund requests', (ctx) => {
  it(
    'guest asks with a photo, host answers, admin approves part: refunded once, everyone told',
    HEAVY,
    async () => {
      const { guest, host, admin, bookingId } = await refundCast(ctx);
      const request = await fileRequestOk(guest, bookingId, 800);
      expect(request.status).toBe('open');
      expect(await noticesOf(ctx, host.id, 'OWNER_REFUND')).toEqual(['OWNER_REFUND_REQUESTED']);
      expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND')).toEqual(['ADMIN_REFUND_REQUESTED']);

      const photo = await uploadFile(
        ctx().app,
        guest.agent,
        `/api/refund-requests/${request.id}/photos`,
        await makeImage('jpeg'),
        {
          filename: 'sink.jpg',
          contentType: 'image/jpeg',
        },
      );
      expect(photo.statusCode, photo.body).toBe(200);
      expect(photo.json().request.photos).toHaveLength(1);
      expect(photo.json().request.photos[0].url).toMatch(/refund_photo\/.+@1x\.webp$/);

      const answered = await host.agent.post(`/api/refund-requests/${request.id}/response`, {
        response: 'I cleaned it an hour before.',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().request.host_response).toBe('I cleaned it an hour before.');

      const approved = await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {
        amountCents: 500,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().request).toMatchObject({
        status: 'partially_approved',
        approved_cents: 500,
        // 85% of $5.00: the host's share of the refund (15% commission, PRODUCT.md Money).
        host_earnings_reduction_cents: 425,
      });
      expect(await money(ctx, bookingId)).toMatchObject({
        amount_refunded_cents: 500,
        amount_refund_settled_cents: 500,
      });
      const refunds = await ctx().services.db.selectFrom('booking_refunds').selectAll().execute();
      expect(refunds).toEqual([expect.objectContaining({ amount_cents: 500, status: 'succeeded' })]);
      expect(await noticesOf(ctx, guest.id, 'USER_REFUND')).toEqual(['USER_REFUND_PROCESSED']);
      expect(await noticesOf(ctx, host.id, 'OWNER_REFUND')).toEqual([
        'OWNER_REFUND_REQUESTED',
        'OWNER_REFUND_PROCESSED',
      ]);
      expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND')).toEqual([
        'ADMIN_REFUND_REQUESTED',
        'ADMIN_REFUND_PROCESSED',
      ]);

      // Decided: a second approval changes nothing.
      const again = await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {});
      expect(again.statusCode).toBe(409);
      expect(await money(ctx, bookingId)).toMatchObject({ amount_refunded_cents: 500 });

      // The rest ($7.00) may still be asked for, but not more.
      const tooMuch = await fileRequest(guest, bookingId, 701);
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().fields).toEqual([expect.objectContaining({ field: 'amountCents' })]);
      const panel = await guest.agent.get(`/api/refund-requests/booking/${bookingId}`);
      expect(panel.json()).toMatchObject({ can_request: true, refundable_cents: 700 });
    },
  );

  it('one open request per booking; a denial may be appealed once', HEAVY, async () => {
    const { guest, admin, bookingId } = await refundCast(ctx);
    const request = await fileRequestOk(guest, bookingId, 1200);
    const second = await fileRequest(guest, bookingId, 100);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already have a refund request open/);

    const denied = await admin.agent.post(`/api/refund-requests/${request.id}/deny`, {
      reason: 'Photos show it clean.',
    });
    expect(denied.json().request).toMatchObject({ status: 'denied', denial_reason: 'Photos show it clean.' });
    expect(await noticesOf(ctx, guest.id, 'USER_REFUND')).toEqual(['USER_REFUND_DENIED']);

    const appeal = await guest.agent.post(`/api/refund-requests/${request.id}/appeal`, {
      message: 'Look again please.',
    });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect(appeal.json().request).toMatchObject({ status: 'open', appeal_message: 'Look again please.' });
    await admin.agent.post(`/api/refund-requests/${request.id}/deny`, { reason: 'Still no.' });
    const twice = await guest.agent.post(`/api/refund-requests/${request.id}/appeal`, { message: 'Again?' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/appealed once already/);
    expect(await money(ctx, bookingId)).toMatchObject({ amount_refunded_cents: 0 });
  });

  it('a booking refunded in full, or ended more than 7 days ago, takes no request', HEAVY, async () => {
    const { guest, bookingId } = await refundCast(ctx);
    await sql`update bookings set ends_at = now() - interval '8 days', starts_at = now() - interval '8 days 1 hour'
      where id = ${bookingId}`.execute(ctx().services.db);
    const late = await fileRequest(guest, bookingId, 100);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/up to 7 days after/);
    await sql`update bookings set ends_at = now(), starts_at = now() - interval '1 hour', amount_refunded_cents = amount_paid_cents
      where id = ${bookingId}`.execute(ctx().services.db);
    const full = await fileRequest(guest, bookingId, 100);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/refunded in full/);
  });

  it('the host may answer only within 48 hours', HEAVY, async () => {
    const { guest, host, bookingId } = await refundCast(ctx);
    const request = await fileRequestOk(guest, bookingId, 300);
    await sql`update refund_requests set created_at = now() - interval '49 hours'`.execute(ctx().services.db);
    const late = await host.agent.post(`/api/refund-requests/${request.id}/response`, {
      response: 'Too late?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/48 hours/);
  });
});
