import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { auditEntriesOf } from '../audit/audit-test-support.ts';
import { bookingCast } from '../bookings/booking-test-support.ts';

/**
 * PUT /api/admin/settings (ADR 140): every setting refuses what is out of its bounds with a 400
 * naming the field, text refuses control characters, a rule across fields is checked on the values
 * a change leaves in force, and each change is audited with the before and after of what changed.
 */
describeWithApp('platform settings: validation and audit', (ctx) => {
  const refusedCases: [string, unknown][] = [
    ['freeCancellationMinutes', -1],
    ['freeCancellationMinutes', 1441],
    ['freeCancellationMinutes', 30.5],
    ['holdMinutes', 4],
    ['holdMinutes', 61],
    ['holdMinutes', '15'],
    ['minimumNoticeMinutes', -15],
    ['minimumNoticeMinutes', 1441],
    ['maxBookingMinutes', 0],
    ['maxBookingMinutes', 10],
    ['maxBookingMinutes', 50],
    ['maxBookingMinutes', 135],
    ['defaultCleaningBufferMinutes', 7],
    ['defaultCleaningBufferMinutes', -5],
    ['emailFromName', ''],
    ['emailFromName', 'Privy\u0000'],
    ['emailFromName', 'Privy\nBcc: x@example.com'],
    ['emailFromName', 'Privy <evil@example.com>'],
    ['emailFromName', 'x'.repeat(81)],
    ['emailFromAddress', 'not an address'],
    ['emailFromAddress', 'a\u0000@example.com'],
    ['supportEmail', 'help@'],
    ['goNowEnabled', 'yes'],
    ['signupsUnderReview', 1],
  ];

  it('refuses each setting out of bounds, naming the field, and changes nothing', async () => {
    const { admin } = await bookingCast(ctx);
    for (const [field, value] of refusedCases) {
      const response = await admin.agent.request('PUT', '/api/admin/settings', { [field]: value });
      expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(response.json().error).toBe('validation_error');
      expect(JSON.stringify(response.json().fields ?? response.json()), field).toContain(field);
    }
    const rows = await ctx().services.db.selectFrom('platform_settings').select('key').execute();
    expect(rows).toEqual([]);
    expect(await auditEntriesOf(ctx().services, 'settings.updated', 'platform')).toEqual([]);
  });

  it('accepts the bounds themselves', async () => {
    const { admin } = await bookingCast(ctx);
    const edges = {
      freeCancellationMinutes: 0,
      holdMinutes: 60,
      minimumNoticeMinutes: 15,
      maxBookingMinutes: 15,
      defaultCleaningBufferMinutes: 15,
      emailFromName: 'Privy Support Team',
      emailFromAddress: 'hello@privy.example',
      supportEmail: 'help@privy.example',
      goNowEnabled: true,
      weeklyPayoutsEnabled: false,
      signupsUnderReview: true,
    };
    const response = await admin.agent.request('PUT', '/api/admin/settings', edges);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toMatchObject(edges);
  });

  it('checks the rule across fields on the values in force: Go now needs a notice of 15 minutes or less', async () => {
    const { admin } = await bookingCast(ctx);
    const tooLong = await admin.agent.request('PUT', '/api/admin/settings', { minimumNoticeMinutes: 30 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual([
      { field: 'minimumNoticeMinutes', message: expect.stringContaining('Go now') },
    ]);
    // Go now off first (the Features section), then the Bookings section may save a longer notice.
    expect(
      (await admin.agent.request('PUT', '/api/admin/settings', { goNowEnabled: false })).statusCode,
    ).toBe(200);
    const saved = await admin.agent.request('PUT', '/api/admin/settings', { minimumNoticeMinutes: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    // And Go now cannot come back on while the notice is that long.
    const backOn = await admin.agent.request('PUT', '/api/admin/settings', { goNowEnabled: true });
    expect(backOn.statusCode).toBe(400);
    expect(backOn.json().fields[0].field).toBe('minimumNoticeMinutes');
  });

  it('audits each change with the before and after of the changed keys only, in the same transaction', async () => {
    const { admin } = await bookingCast(ctx);
    const first = await admin.agent.request('PUT', '/api/admin/settings', {
      holdMinutes: 20,
      // Unchanged: not in the entry.
      minimumNoticeMinutes: 0,
      goNowEnabled: false,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await admin.agent.request('PUT', '/api/admin/settings', { holdMinutes: 25 });
    expect(second.statusCode, second.body).toBe(200);
    // Saving the values already in force changes nothing and records nothing.
    expect((await admin.agent.request('PUT', '/api/admin/settings', { holdMinutes: 25 })).statusCode).toBe(
      200,
    );

    const entries = await auditEntriesOf(ctx().services, 'settings.updated', 'platform');
    expect(entries.map((entry) => [entry.actor_id, entry.before, entry.after])).toEqual([
      [admin.id, { holdMinutes: 15, goNowEnabled: true }, { holdMinutes: 20, goNowEnabled: false }],
      [admin.id, { holdMinutes: 20 }, { holdMinutes: 25 }],
    ]);
    expect(entries[0]?.summary).toContain('holdMinutes 15 → 20');
    expect(entries[0]?.target_type).toBe('settings');

    // A change refused by a rule leaves neither the value nor an entry.
    expect(
      (
        await admin.agent.request('PUT', '/api/admin/settings', {
          goNowEnabled: true,
          minimumNoticeMinutes: 60,
        })
      ).statusCode,
    ).toBe(400);
    expect(await auditEntriesOf(ctx().services, 'settings.updated', 'platform')).toHaveLength(2);

    // The page's history reads the same entries, newest first.
    const history = await ctx().services.audit.list({ action: 'settings.updated' });
    expect(history.entries.map((entry) => entry.after)).toEqual([
      { holdMinutes: 25 },
      { holdMinutes: 20, goNowEnabled: false },
    ]);
  });
});
