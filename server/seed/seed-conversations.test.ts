import { expect, it } from 'vitest';
import type { ConversationPage, ConversationSummary } from '../../common/schemas/messages.ts';
import { publishedBathroom } from '../domains/bookings/booking-test-support.ts';
import { auditLedger, hostLedgerTotals } from '../domains/payouts/ledger-service.ts';
import { describeWithApp } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { DEMO_CONVERSATIONS, seedDemoConversations, startOfUtcDay } from './seed-conversations.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed-demo.ts';

/** The demo guests' bookings and conversations (ADR 119), on a few bathrooms instead of the catalogue. */

describeWithApp('demo seed: bookings and conversations', (ctx) => {
  async function seeded(today = startOfUtcDay(new Date())) {
    const { services } = ctx();
    const ids = await seedDemoAccounts(services);
    for (const email of ['paula@privy.test', 'hector@privy.test']) {
      for (let index = 0; index < 2; index++) await publishedBathroom(ctx, ids.get(email) as string);
    }
    const counts = await seedDemoConversations(services, ids, today);
    return { ids, counts };
  }

  async function signIn(email: string) {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/account/sign-in', { email, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    return agent;
  }

  it('gives Gina an upcoming and past bookings with conversations, one message unread', async () => {
    const { counts, ids } = await seeded();
    expect(counts).toEqual({
      bookings: DEMO_CONVERSATIONS.length,
      messages: DEMO_CONVERSATIONS.reduce((sum, plan) => sum + plan.lines.length, 0),
    });
    const gina = await signIn('gina@privy.test');
    expect((await gina.get('/api/messages/unread-count')).json()).toEqual({ count: 1 });
    const { conversations } = (await gina.get('/api/messages/conversations')).json() as {
      conversations: ConversationSummary[];
    };
    expect(conversations).toHaveLength(3);
    const now = Date.now();
    const upcoming = conversations.filter((c) => c.booking.status === 'confirmed');
    const past = conversations.filter((c) => c.booking.status === 'completed');
    expect(upcoming).toHaveLength(1);
    expect(Date.parse(upcoming[0]?.booking.startsAt as string)).toBeGreaterThan(now + 86_400_000);
    expect(past).toHaveLength(2);
    expect(past.filter((c) => c.canSend)).toHaveLength(1);
    expect(past.find((c) => !c.canSend)?.closedReason).toMatch(/closed on/);
    // Every message was written before today began, so the snapshot reads true all day.
    const today = startOfUtcDay(new Date()).getTime();
    for (const conversation of conversations) {
      expect(Date.parse(conversation.lastMessage?.createdAt as string)).toBeLessThan(today);
      expect(conversation.guest.id).toBe(ids.get('gina@privy.test'));
    }
    // Their payments are on the ledger: the visits that are over are payable to their hosts.
    const hectorTotals = await hostLedgerTotals(ctx().services.db, ids.get('hector@privy.test') as string);
    expect(hectorTotals.payableCents + hectorTotals.pendingCents).toBeGreaterThan(0);
    const late = past.find((c) => c.unreadCount === 1) as ConversationSummary;
    const page = (await gina.get(`/api/messages/${late.bookingId}`)).json() as ConversationPage;
    expect(page.messages.map((m) => m.content)).toContain('Running 5 minutes late, sorry!');
    expect(page.messages.map((m) => m.content)).toContain('Where is the key?');
    expect(page.conversation.host.firstName).toBe('Hector');

    // The host sees the same conversation from his side, and Gus has his own.
    const hector = await signIn('hector@privy.test');
    const hostPage = (await hector.get(`/api/messages/${late.bookingId}`)).json() as ConversationPage;
    expect(hostPage.conversation.role).toBe('host');
    const gus = await signIn('gus@privy.test');
    const his = (await gus.get('/api/messages/conversations')).json().conversations as ConversationSummary[];
    expect(his.map((c) => c.booking.status).sort()).toEqual(['completed', 'confirmed']);
  });

  it('writes the same bookings and messages for the same day', async () => {
    const day = startOfUtcDay(new Date('2026-11-27T18:00:00Z'));
    await seeded(day);
    const snapshot = async () => {
      const { db } = ctx().services;
      const bookings = await db
        .selectFrom('bookings')
        .select(['starts_at', 'ends_at', 'status', 'price_cents', 'created_at'])
        .orderBy('starts_at')
        .execute();
      const messages = await db
        .selectFrom('messages')
        .select(['content', 'created_at', 'read_at'])
        .orderBy('created_at')
        .execute();
      return { bookings, messages };
    };
    const first = await snapshot();
    expect(first.bookings[0]?.starts_at).toEqual(new Date('2026-11-15T14:00:00Z'));
    const { database } = ctx();
    const { truncateAll } = await import('../test/harness.ts');
    await truncateAll(database);
    await seeded(day);
    expect(await snapshot()).toEqual(first);
  });

  it("lets a guest cancel a seeded upcoming booking, refunded through the test provider's record", async () => {
    const { ids } = await seeded();
    const gina = await signIn('gina@privy.test');
    const { db } = ctx().services;
    const upcoming = await db
      .selectFrom('bookings')
      .select(['id', 'price_cents'])
      .where('status', '=', 'confirmed')
      .where('guest_id', '=', ids.get('gina@privy.test') as string)
      .executeTakeFirstOrThrow();
    const cancelled = await gina.post(`/api/bookings/${upcoming.id}/cancel`, { reason: 'Plans changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await ctx().services.bookings.paymentsSettled();
    const refunds = await db.selectFrom('test_refunds').select(['amount_cents']).execute();
    expect(refunds.length).toBe(1);
    // The seeded payment was on the ledger, so the refund takes the host's share back from it.
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['kind', 'account', 'amount_cents'])
      .where('booking_id', '=', upcoming.id)
      .execute();
    expect(entries.filter((entry) => entry.kind === 'capture')).toHaveLength(3);
    expect(entries.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(0);
    expect(
      entries.filter((e) => e.account === 'host_pending').reduce((sum, e) => sum + e.amount_cents, 0),
    ).toBe(0);
    expect(await auditLedger(db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
  });
});
