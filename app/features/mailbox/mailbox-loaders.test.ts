/** The route loaders themselves, so the production rule is tested where it is enforced. */
import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { insertOutboxMessage } from '../../../server/domains/email/repository.ts';
import { describeWithApp } from '../../../server/test/harness.ts';
import { servicesContext } from '../../lib/context.ts';
import { loader as listLoader } from '../../routes/dev/mailbox.tsx';
import { loader as messageLoader } from '../../routes/dev/mailbox-message.tsx';

function argsFor(services: unknown, path: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as never);
  // The loaders read only request, context and params.
  return { request: new Request(`http://localhost:3000${path}`), context, params } as never;
}

const OUTBOX_SMS = {
  channel: 'sms' as const,
  recipient: '+15125550142',
  subject: 'SMS to +15125550142',
  html: null,
  text: 'Your Privy code is 123456',
};

async function sendOne(services: {
  email: { sendSms: (input: { to: string; text: string }) => Promise<void> };
}) {
  await services.email.sendSms({ to: '+15125550142', text: 'Your Privy code is 123456' });
}

describeWithApp('dev mailbox pages', (ctx) => {
  it('list the outbox and open a message', async () => {
    const { services } = ctx();
    await sendOne(services);
    const list = await listLoader(argsFor(services, '/dev/mailbox'));
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({
      channel: 'sms',
      to: '+15125550142',
      subject: 'SMS to +15125550142',
    });
    const id = list.messages[0]?.id as string;
    const message = await messageLoader(argsFor(services, `/dev/mailbox/${id}`, { id }));
    expect(message).toMatchObject({ id, html: null, text: 'Your Privy code is 123456' });
  });

  it('answer 404 for an unknown or malformed id', async () => {
    const { services } = ctx();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(messageLoader(argsFor(services, `/dev/mailbox/${id}`, { id }))).rejects.toMatchObject({
        init: { status: 404 },
        data: { path: `/dev/mailbox/${id}` },
      });
    }
  });
});

describeWithApp(
  'dev mailbox pages in production',
  (ctx) => {
    it('do not exist', async () => {
      const { services } = ctx();
      // Production sends no texts without a provider (ADR 142): one left in the outbox, then.
      await insertOutboxMessage(services.db, OUTBOX_SMS);
      await expect(listLoader(argsFor(services, '/dev/mailbox'))).rejects.toMatchObject({
        init: { status: 404 },
        data: { path: '/dev/mailbox' },
      });
      const { id } = await services.db.selectFrom('outbox_messages').select('id').executeTakeFirstOrThrow();
      await expect(messageLoader(argsFor(services, `/dev/mailbox/${id}`, { id }))).rejects.toMatchObject({
        init: { status: 404 },
      });
    });
  },
  { config: { isProduction: true, devTools: false } },
);
