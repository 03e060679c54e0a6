import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { bookingCast } from '../bookings/booking-test-support.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import { recordAdminAction } from './audit-service.ts';

/**
 * The admin audit log (ADR 133): only admins read it; an entry commits with its action or not at
 * all; nobody changes or removes one; the list filters and pages newest first.
 */
describeWithApp('admin audit log', (ctx) => {
  const entry = (actorId: string | null, targetId: string, summary = 'Disabled someone') => ({
    actorId,
    action: 'user.status_changed' as const,
    targetType: 'user' as const,
    targetId,
    summary,
    before: { status: 'active' },
    after: { status: 'disabled' },
  });

  it('answers only admins (the matrix), with the admin named and before/after as recorded', async () => {
    const cast = await bookingCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    await recordAdminAction(ctx().services.db, { ...entry(cast.admin.id, cast.guest.id), reason: 'Spam' });
    const expected: [string, TestAgent, number][] = [
      ['anonymous', new TestAgent(ctx().app), 401],
      ['guest', cast.guest.agent, 403],
      ['other guest', cast.otherGuest.agent, 403],
      ['host', cast.host.agent, 403],
      ['other host', cast.otherHost.agent, 403],
      ['disabled', disabled.agent, 403],
      ['admin', cast.admin.agent, 200],
    ];
    for (const [who, agent, status] of expected) {
      const response = await agent.get('/api/admin/audit');
      expect(response.statusCode, `GET as ${who}`).toBe(status);
    }
    const page = (await cast.admin.agent.get('/api/admin/audit')).json();
    expect(page.next_before).toBeNull();
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actor_id: cast.admin.id,
      action: 'user.status_changed',
      target_type: 'user',
      target_id: cast.guest.id,
      reason: 'Spam',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    expect(page.entries[0].actor_name).not.toBe('System');
  });

  it('filters by action, target and admin, and pages newest first without gaps or repeats', async () => {
    const { admin, guest, host } = await bookingCast(ctx);
    const db = ctx().services.db;
    for (let index = 0; index < 7; index += 1) {
      await recordAdminAction(db, entry(admin.id, index % 2 ? guest.id : host.id, `Entry ${index}`));
    }
    await recordAdminAction(db, {
      actorId: null,
      action: 'payout.requested',
      targetType: 'payout',
      targetId: 'p1',
      summary: 'Paid out $1.00 to a host',
    });
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await ctx().services.audit.list(
        { action: 'user.status_changed', ...(before ? { before } : {}) },
        3,
      );
      seen.push(...page.entries.map((row) => row.summary));
      before = page.next_before;
    } while (before);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((index) => `Entry ${index}`));

    const forGuest = (
      await admin.agent.get(`/api/admin/audit?target_type=user&target_id=${guest.id}`)
    ).json();
    expect(forGuest.entries.map((row: { summary: string }) => row.summary)).toEqual([
      'Entry 5',
      'Entry 3',
      'Entry 1',
    ]);
    const system = (await admin.agent.get('/api/admin/audit?action=payout.requested')).json();
    expect(system.entries).toEqual([expect.objectContaining({ actor_id: null, actor_name: 'System' })]);
    const byAdmin = (await admin.agent.get(`/api/admin/audit?actor_id=${admin.id}`)).json();
    expect(byAdmin.entries).toHaveLength(7);
  });

  it('refuses bad filters naming the field, NUL bytes included', async () => {
    const { admin } = await bookingCast(ctx);
    for (const [query, field] of [
      ['action=user.nonsense', 'action'],
      ['target_type=planet', 'target_type'],
      ['target_id=a%00b', 'target_id'],
      ['before=not-a-uuid', 'before'],
      ['other=1', ''],
    ] as const) {
      const response = await admin.agent.get(`/api/admin/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(field);
    }
  });

  it('keeps no entry of an action that rolled back, and refuses to change or remove an entry', async () => {
    const { admin, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAdminAction(trx, entry(admin.id, guest.id));
        throw new Error('the action failed after logging');
      }),
    ).rejects.toThrow('the action failed after logging');
    expect((await ctx().services.audit.list({})).entries).toEqual([]);

    await recordAdminAction(db, entry(admin.id, guest.id));
    await expect(sql`update admin_audit_log set summary = 'changed'`.execute(db)).rejects.toThrow(
      /immutable/,
    );
    await expect(sql`delete from admin_audit_log`.execute(db)).rejects.toThrow(/immutable/);
    expect((await ctx().services.audit.list({})).entries).toHaveLength(1);
  });
});
