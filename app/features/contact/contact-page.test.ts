/** The contact page's own form post, used before the page's scripts run (ADR 157). */
import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../../server/test/harness.ts';
import { TestAgent } from '../../../server/test/http-client.ts';
import { requestInfoContext, servicesContext } from '../../lib/context.ts';
import { action } from '../../routes/public/contact.tsx';
import type { ContactPostResult } from './contact-post-result.ts';

const CONTACT_EMAIL = 'help@privy.test';

const valid = {
  name: 'Dana Rivers',
  email: 'dana@example.com',
  subject: 'Door code did not work',
  body: 'Hi, the code for my booking this morning did not open the door.',
  website: '',
};

type Answer = { data: ContactPostResult; init: ResponseInit | null };

/** Each test posts from its own address, so one test's budget never leaks into another. */
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

function post(ctx: () => TestContext, ip: string, form: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, ctx().services as never);
  context.set(requestInfoContext, { nonce: '', requestId: 'test', ip });
  const request = new Request('http://localhost:3000/contact', {
    method: 'POST',
    body: new URLSearchParams(form),
  });
  return action({ request, context, params: {} } as never) as Promise<Answer>;
}

describeWithApp(
  'the contact page form post',
  (ctx) => {
    const outbox = () => ctx().services.db.selectFrom('outbox_messages').selectAll().execute();

    it('sends a valid message to the contact address and says where the reply goes', async () => {
      const answer = await post(ctx, freshIp(), valid);
      expect(answer.init?.status ?? 200).toBe(200);
      expect(answer.data).toEqual({ ok: true, email: 'dana@example.com' });
      const messages = await outbox();
      expect(messages.map((message) => [message.recipient, message.subject])).toEqual([
        [CONTACT_EMAIL, '[Contact] Door code did not work'],
      ]);
    });

    it('answers 400 naming each wrong field, keeps what was typed, and sends nothing', async () => {
      const answer = await post(ctx, freshIp(), { ...valid, email: 'not-an-email', subject: '' });
      expect(answer.init?.status).toBe(400);
      if (answer.data.ok) throw new Error('expected a refusal');
      expect(Object.keys(answer.data.fieldErrors).sort()).toEqual(['email', 'subject']);
      expect(answer.data.values).toMatchObject({
        name: 'Dana Rivers',
        email: 'not-an-email',
        body: valid.body,
      });
      expect(await outbox()).toHaveLength(0);
    });

    it('refuses NUL and control characters like the API does', async () => {
      const answer = await post(ctx, freshIp(), { ...valid, subject: 'Door\u0000code' });
      expect(answer.init?.status).toBe(400);
      if (answer.data.ok) throw new Error('expected a refusal');
      expect(Object.keys(answer.data.fieldErrors)).toEqual(['subject']);
      expect(await outbox()).toHaveLength(0);
    });

    it('shares the API budget: after five API sends from an address, its form post is refused with 429', async () => {
      const ip = freshIp();
      const agent = new TestAgent(ctx().app, ip);
      for (let sent = 0; sent < 5; sent++) {
        const { website: _honeypot, ...input } = valid;
        expect((await agent.post('/api/email/send', input)).statusCode).toBe(200);
      }
      const answer = await post(ctx, ip, valid);
      expect(answer.init?.status).toBe(429);
      if (answer.data.ok) throw new Error('expected a refusal');
      expect(answer.data.message).toMatch(/try again in \d+ minutes?/);
      expect(await outbox()).toHaveLength(5);
      // Another address still has its own budget.
      expect((await post(ctx, freshIp(), valid)).data.ok).toBe(true);
    });
  },
  { config: { contactEmail: CONTACT_EMAIL } },
);
