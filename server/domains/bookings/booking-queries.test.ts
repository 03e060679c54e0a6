import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { bookingCast, holdWithCheckout, publishedBathroom, startIn } from './booking-test-support.ts';

/** The booking pages' reads and who may make them (ADR 092). */

async function setUp(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  await ctx()
    .services.db.updateTable('bathrooms')
    .set({ access_instructions: 'Code 4321 on the side door.' })
    .where('id', '=', bathroomId)
    .execute();
  const paid = await holdWithCheckout(cast.guest, bathroomId, startIn(2), 30);
  await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${paid.sessionId}/pay`);
  const unpaid = await holdWithCheckout(cast.guest, bathroomId, startIn(3), 30);
  return { ...cast, bathroomId, paidId: paid.booking.id, unpaidId: unpaid.booking.id };
}

describeWithApp('bookings: pages data', (ctx) => {
  it("lists a guest's own bookings by tab, and nobody else's", async () => {
    const { guest, otherGuest, paidId, unpaidId } = await setUp(ctx);
    const upcoming = await guest.agent.get('/api/bookings');
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().bookings.map((row: { id: string }) => row.id)).toEqual([paidId, unpaidId]);
    expect(upcoming.json().bookings[0]).toMatchObject({
      status: 'confirmed',
      city: 'Austin',
      duration_minutes: 30,
    });
    await guest.agent.post(`/api/bookings/${paidId}/cancel`, {});
    expect(
      (await guest.agent.get('/api/bookings?tab=cancelled'))
        .json()
        .bookings.map((row: { id: string }) => row.id),
    ).toEqual([paidId]);
    expect((await guest.agent.get('/api/bookings?tab=past')).json().bookings).toEqual([]);
    expect((await otherGuest.agent.get('/api/bookings')).json().bookings).toEqual([]);
    expect((await guest.agent.get('/api/bookings?tab=soon')).statusCode).toBe(400);
    expect((await new TestAgent(ctx().app).get('/api/bookings')).statusCode).toBe(401);
  });

  it('shows the exact address and access instructions to the confirmed guest only', async () => {
    const { guest, host, otherGuest, otherHost, admin, paidId, unpaidId } = await setUp(ctx);
    const asGuest = (await guest.agent.get(`/api/bookings/${paidId}/detail`)).json();
    expect(asGuest).toMatchObject({
      role: 'guest',
      status: 'confirmed',
      access_instructions: 'Code 4321 on the side door.',
      address: { formatted: '1 Test St' },
      host_first_name: 'Pat',
    });
    const unpaid = (await guest.agent.get(`/api/bookings/${unpaidId}/detail`)).json();
    expect(unpaid).toMatchObject({ role: 'guest', address: null, access_instructions: null });
    expect(unpaid.area.latitude).toBeTypeOf('number');
    const asHost = (await host.agent.get(`/api/bookings/${paidId}/detail`)).json();
    expect(asHost).toMatchObject({
      role: 'host',
      access_instructions: null,
      address: { formatted: '1 Test St' },
    });
    expect((await admin.agent.get(`/api/bookings/${paidId}/detail`)).json()).toMatchObject({
      role: 'admin',
      address: null,
      access_instructions: null,
    });
    expect((await otherGuest.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(404);
    expect((await otherHost.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(404);
    expect((await new TestAgent(ctx().app).get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(401);
    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    expect((await guest.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(403);
  });

  it("lists a host's bookings with the guest's first name; other hosts see none; guests are refused", async () => {
    const { host, guest, otherHost, admin, bathroomId, paidId, unpaidId } = await setUp(ctx);
    const mine = (await host.agent.get('/api/manage/bookings')).json().bookings;
    expect(mine.map((row: { id: string }) => row.id)).toEqual([paidId, unpaidId]);
    expect(mine[0]).toMatchObject({ guest_first_name: 'Pat', status: 'confirmed' });
    const confirmed = (
      await host.agent.get(`/api/manage/bookings?status=confirmed&bathroomId=${bathroomId}`)
    ).json();
    expect(confirmed.bookings.map((row: { id: string }) => row.id)).toEqual([paidId]);
    expect((await otherHost.agent.get('/api/manage/bookings')).json().bookings).toEqual([]);
    expect((await admin.agent.get('/api/manage/bookings')).json().bookings).toHaveLength(2);
    expect((await guest.agent.get('/api/manage/bookings')).statusCode).toBe(403);
    expect((await new TestAgent(ctx().app).get('/api/manage/bookings')).statusCode).toBe(401);
    const bad = await host.agent.get('/api/manage/bookings?bathroomId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('bathroomId');
  });
});
