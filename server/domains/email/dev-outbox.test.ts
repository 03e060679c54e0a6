import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { insertOutboxMessage } from './repository.ts';

describeWithApp('dev outbox API', (ctx) => {
  async function sendSome() {
    const { email } = ctx().services;
    await email.send({
      to: 'first@example.com',
      template: 'verify-email',
      data: { name: 'Ada', url: 'http://localhost:3000/api/auth/verify-email?token=abc' },
    });
    await email.sendSms({ to: '+15125550142', text: 'Your Privy code is 123456' });
    await email.send({ to: 'second@example.com', template: 'one-time-code', data: { code: '654321' } });
  }

  it('lists messages newest first, with channel, recipient, subject and time', async () => {
    await sendSome();
    const response = await new TestAgent(ctx().app).get('/api/dev/outbox');
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { to: string }) => m.to)).toEqual([
      'second@example.com',
      '+15125550142',
      'first@example.com',
    ]);
    expect(messages[0]).toMatchObject({ channel: 'email', subject: 'Your Privy code: 654321' });
    expect(messages[1]).toMatchObject({ channel: 'sms', subject: 'SMS to +15125550142' });
    expect(Date.parse(messages[0].created_at)).toBeGreaterThanOrEqual(Date.parse(messages[2].created_at));
    expect(messages[0]).not.toHaveProperty('html');
  });

  it('filters by recipient and limits the list', async () => {
    await sendSome();
    const agent = new TestAgent(ctx().app);
    const filtered = (await agent.get('/api/dev/outbox?to=first%40example.com')).json();
    expect(filtered.messages).toHaveLength(1);
    expect(filtered.messages[0].subject).toBe('Confirm your email for Privy');
    const limited = (await agent.get('/api/dev/outbox?limit=1')).json();
    expect(limited.messages).toHaveLength(1);
    const bad = await agent.get('/api/dev/outbox?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('limit');
    const unknown = await agent.get('/api/dev/outbox?channel=sms');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].field).toBe('channel');
  });

  it('reads one message with its HTML and text versions', async () => {
    await sendSome();
    const agent = new TestAgent(ctx().app);
    const { messages } = (await agent.get('/api/dev/outbox?to=first%40example.com')).json();
    const response = await agent.get(`/api/dev/outbox/${messages[0].id}`);
    expect(response.statusCode).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({ id: messages[0].id, channel: 'email', to: 'first@example.com' });
    expect(message.html).toContain('Confirm my email');
    expect(message.text).toContain('http://localhost:3000/api/auth/verify-email?token=abc');

    const sms = (await agent.get('/api/dev/outbox?to=%2B15125550142')).json().messages[0];
    const smsMessage = (await agent.get(`/api/dev/outbox/${sms.id}`)).json();
    expect(smsMessage).toMatchObject({ channel: 'sms', html: null, text: 'Your Privy code is 123456' });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    const agent = new TestAgent(ctx().app);
    const missing = await agent.get('/api/dev/outbox/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    const malformed = await agent.get('/api/dev/outbox/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].field).toBe('id');
  });
});

describeWithApp(
  'dev outbox API in production',
  (ctx) => {
    it('does not exist', async () => {
      // Production sends no texts without a provider (ADR 142): one left in the outbox, then.
      await insertOutboxMessage(ctx().services.db, {
        channel: 'sms',
        recipient: '+15125550142',
        subject: 'SMS to +15125550142',
        html: null,
        text: 'Your Privy code is 123456',
      });
      const agent = new TestAgent(ctx().app);
      const list = await agent.get('/api/dev/outbox');
      expect(list.statusCode).toBe(404);
      expect(list.json().error).toBe('not_found');
      const { id } = await ctx()
        .services.db.selectFrom('outbox_messages')
        .select('id')
        .executeTakeFirstOrThrow();
      expect((await agent.get(`/api/dev/outbox/${id}`)).statusCode).toBe(404);
      // The contact form, unlike the outbox, is a production feature.
      const contact = await agent.post('/api/email/send', {
        name: 'Dana',
        email: 'dana@example.com',
        subject: 'Still here',
        body: 'The contact form works in production.',
      });
      expect(contact.statusCode).toBe(200);
    });
  },
  { config: { isProduction: true, devTools: false } },
);
