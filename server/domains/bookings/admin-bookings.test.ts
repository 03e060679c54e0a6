import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { bookingCast, bookOk, publishedBathroom, startIn } from './booking-test-support.ts';

type Page = {
  bookings: Array<{
    id: string;
    status: string;
    guest_name: string;
    host_name: string;
    bathroom_title: string;
    created_at: string;
  }>;
  total: number;
};

describeWithApp('GET /api/admin/bookings', (ctx) => {
  async function scene() {
    const cast = await bookingCast(ctx);
    const db = ctx().services.db;
    const mine = await publishedBathroom(ctx, cast.host.id);
    const theirs = await publishedBathroom(ctx, cast.otherHost.id);
    await db
      .updateTable('bathrooms')
      .set({ title: 'Quiet loft washroom' })
      .where('id', '=', theirs)
      .execute();
    const first = await bookOk(cast.guest, mine, startIn(2), 60);
    const second = await bookOk(cast.otherGuest, theirs, startIn(3), 30);
    const third = await bookOk(cast.guest, theirs, startIn(4), 15);
    expect((await cast.guest.agent.post(`/api/bookings/${third.id}/release`)).statusCode).toBe(200);
    return { ...cast, first, second, third };
  }

  const page = async (agent: TestAgent, query = '') => {
    const response = await agent.get(`/api/admin/bookings${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  it('lists every host’s bookings, newest first, by status and text', async () => {
    const { admin, first, second, third } = await scene();
    const all = await page(admin.agent);
    expect(all.total).toBe(3);
    expect(all.bookings.map((b) => b.id).sort()).toEqual([first.id, second.id, third.id].sort());
    const made = all.bookings.map((b) => Date.parse(b.created_at));
    expect([...made].sort((a, b) => b - a)).toEqual(made);
    expect(all.bookings.find((b) => b.id === first.id)).toMatchObject({
      host_name: 'Pat',
      guest_name: 'Pat',
      bathroom_title: 'Bright bathroom near the square',
    });

    expect((await page(admin.agent, '?status=upcoming')).bookings.map((b) => b.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect((await page(admin.agent, '?status=cancelled')).bookings.map((b) => b.id)).toEqual([third.id]);
    expect((await page(admin.agent, '?q=LOFT')).total).toBe(2);
    expect((await page(admin.agent, '?q=other-guest@example')).bookings.map((b) => b.id)).toEqual([
      second.id,
    ]);
    expect((await page(admin.agent, '?q=other-host@')).total).toBe(2);
    expect((await page(admin.agent, `?q=${first.id}`)).bookings.map((b) => b.id)).toEqual([first.id]);
  });

  it('answers admins only, and names a bad field', async () => {
    const { admin, host, guest } = await scene();
    expect((await new TestAgent(ctx().app).get('/api/admin/bookings')).statusCode).toBe(401);
    expect((await guest.agent.get('/api/admin/bookings')).statusCode).toBe(403);
    expect((await host.agent.get('/api/admin/bookings')).statusCode).toBe(403);
    const bad = await admin.agent.get('/api/admin/bookings?status=paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('status');
    await updateProfile(ctx().services.db, admin.id, { is_deleted: true });
    expect((await admin.agent.get('/api/admin/bookings')).statusCode).toBe(403);
  });
});
