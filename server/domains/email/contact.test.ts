import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';

const CONTACT_EMAIL = 'help@privy.test';

const valid = {
  name: 'Dana Rivers',
  email: 'dana@example.com',
  subject: 'Door code did not work',
  body: 'Hi, the code for my booking this morning did not open the door.\nCould someone look into it?',
};

/** Each test writes from its own address, so the per-IP limit of one test never leaks into another. */
let nextIp = 1;
const freshAgent = (app: FastifyInstance) => new TestAgent(app, `10.0.0.${nextIp++}`);

describeWithApp(
  'POST /api/email/send',
  (ctx) => {
    const outbox = () => ctx().services.db.selectFrom('outbox_messages').selectAll().execute();

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('delivers a valid message to the contact address with reply-to the sender', async () => {
      const send = vi.spyOn(ctx().services.email, 'send');
      const response = await freshAgent(ctx().app).post('/api/email/send', valid);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sent: true });

      const messages = await outbox();
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message?.channel).toBe('email');
      expect(message?.recipient).toBe(CONTACT_EMAIL);
      expect(message?.subject).toBe('[Contact] Door code did not work');
      expect(message?.text).toContain('From: Dana Rivers <dana@example.com>');
      expect(message?.text).toContain('did not open the door.\nCould someone look into it?');
      expect(message?.text).toContain('Sent without signing in');
      expect(message?.html).toContain('Door code did not work');
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({
          to: CONTACT_EMAIL,
          replyTo: { name: 'Dana Rivers', address: 'dana@example.com' },
          template: 'contact-message',
        }),
      );
    });

    it('trims the fields and escapes HTML typed into the message', async () => {
      const response = await freshAgent(ctx().app).post('/api/email/send', {
        ...valid,
        name: '  Dana  ',
        body: '<script>alert(1)</script> is what I saw on the page',
      });
      expect(response.statusCode).toBe(200);
      const [message] = await outbox();
      expect(message?.text).toContain('From: Dana <dana@example.com>');
      expect(message?.html).not.toContain('<script>');
      expect(message?.html).toContain('&lt;script&gt;');
    });

    it('names the Privy account of a signed-in sender', async () => {
      const agent = freshAgent(ctx().app);
      const me = await signUpAndSignIn(agent, {
        email: 'member@example.com',
        password: 'a fine long password',
        first_name: 'Mo',
        last_name: 'Member',
      });
      const response = await agent.post('/api/email/send', valid);
      expect(response.statusCode).toBe(200);
      const messages = await ctx()
        .services.db.selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', CONTACT_EMAIL)
        .execute();
      expect(messages).toHaveLength(1);
      expect(messages[0]?.text).toContain(`Privy account: Mo Member (user id ${me.userId})`);
    });

    it.each([
      ['name', { name: '' }],
      ['name', { name: 'x'.repeat(101) }],
      ['name', { name: 'Dana\r\nBcc: victim@example.com' }],
      ['email', { email: 'not-an-email' }],
      ['email', { email: '' }],
      ['subject', { subject: 'Hi' }],
      ['subject', { subject: 'x'.repeat(151) }],
      ['subject', { subject: 'Hello\nBcc: victim@example.com' }],
      ['body', { body: 'Too short' }],
      ['body', { body: 'x'.repeat(5001) }],
      ['body', { body: 42 }],
    ])('refuses a bad %s with 400 naming it', async (field, change) => {
      const response = await freshAgent(ctx().app).post('/api/email/send', { ...valid, ...change });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe('validation_error');
      expect(body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
      expect(body.message).toContain(field);
      expect(await outbox()).toHaveLength(0);
    });

    it.each(['name', 'email', 'subject', 'body'])(
      'refuses a missing %s with 400 naming it',
      async (field) => {
        const body: Record<string, unknown> = { ...valid };
        delete body[field];
        const response = await freshAgent(ctx().app).post('/api/email/send', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().fields[0].field).toBe(field);
        expect(await outbox()).toHaveLength(0);
      },
    );

    it('refuses unknown fields', async () => {
      const response = await freshAgent(ctx().app).post('/api/email/send', { ...valid, cc: 'x@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[0]).toMatchObject({ field: 'cc', message: 'Unknown field: cc' });
      expect(await outbox()).toHaveLength(0);
    });

    it('answers a filled honeypot as if sent, and sends nothing', async () => {
      const send = vi.spyOn(ctx().services.email, 'send');
      const response = await freshAgent(ctx().app).post('/api/email/send', {
        ...valid,
        website: 'https://cheap-pills.example',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sent: true });
      expect(send).not.toHaveBeenCalled();
      expect(await outbox()).toHaveLength(0);
    });

    it('delivers when the honeypot is present but left empty, as the form sends it', async () => {
      const response = await freshAgent(ctx().app).post('/api/email/send', { ...valid, website: '' });
      expect(response.statusCode).toBe(200);
      expect(await outbox()).toHaveLength(1);
    });

    it('answers the 6th request in ten minutes from one address with 429', async () => {
      const agent = freshAgent(ctx().app);
      for (let i = 0; i < 5; i++) {
        const response = await agent.post('/api/email/send', { ...valid, subject: `Attempt ${i + 1}` });
        expect(response.statusCode).toBe(200);
      }
      const sixth = await agent.post('/api/email/send', valid);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ error: 'rate_limited' });
      expect(sixth.json().message).toMatch(/try again in \d+ minutes?/);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outbox()).toHaveLength(5);

      // Someone else, from another address, is not held back.
      const other = await freshAgent(ctx().app).post('/api/email/send', valid);
      expect(other.statusCode).toBe(200);
    });

    it('refuses malformed JSON, an empty body and the wrong content type', async () => {
      const agent = freshAgent(ctx().app);
      const malformed = await agent.request('POST', '/api/email/send', '{"name":', {
        'content-type': 'application/json',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe('malformed_json');
      const notAnObject = await agent.request('POST', '/api/email/send', '"hello"', {
        'content-type': 'application/json',
      });
      expect(notAnObject.statusCode).toBe(400);
      const wrongType = await agent.request('POST', '/api/email/send', 'name=Dana', {
        'content-type': 'text/plain',
      });
      expect(wrongType.statusCode).toBe(415);
      expect(await outbox()).toHaveLength(0);
    });
  },
  { config: { contactEmail: CONTACT_EMAIL } },
);
