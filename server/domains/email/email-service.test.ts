import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createEmailService } from './email-service.ts';

describe('email service over SMTP', () => {
  it('sends the contact message with reply-to the sender, HTML and text alike', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transport, 'sendMail');
    const email = createEmailService({
      db: {} as Db, // never touched: with a transport nothing goes to the outbox
      smtpUrl: undefined,
      from: 'Privy <no-reply@privy.test>',
      transport,
    });
    expect(email.deliversForReal).toBe(true);
    await email.send({
      to: 'help@privy.test',
      replyTo: { name: 'Dana "D" Rivers', address: 'dana@example.com' },
      template: 'contact-message',
      data: {
        name: 'Dana "D" Rivers',
        email: 'dana@example.com',
        subject: 'Hello',
        body: 'Line one\nLine two',
      },
    });
    expect(sendMail).toHaveBeenCalledTimes(1);
    const info = (await sendMail.mock.results[0]?.value) as { message: string };
    const sent = JSON.parse(info.message);
    expect(sent.to).toEqual([{ address: 'help@privy.test', name: '' }]);
    expect(sent.replyTo).toEqual([{ address: 'dana@example.com', name: 'Dana "D" Rivers' }]);
    expect(sent.from).toEqual({ address: 'no-reply@privy.test', name: 'Privy' });
    expect(sent.subject).toBe('[Contact] Hello');
    expect(sent.text).toContain('Line one\nLine two');
    expect(sent.html).toContain('Dana &quot;D&quot; Rivers');
  });
});

describe('email sender from the settings (ADR 140)', () => {
  it('reads the sender for each message, so an admin’s change applies to the next email', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transport, 'sendMail');
    let sender = { name: 'Privy', address: 'no-reply@privy.test' };
    const email = createEmailService({
      db: {} as Db,
      smtpUrl: undefined,
      from: async () => sender,
      transport,
    });
    const send = () =>
      email.send({
        to: 'help@privy.test',
        template: 'contact-message',
        data: { name: 'Dana', email: 'dana@example.com', subject: 'Hi', body: 'Hello' },
      });
    await send();
    sender = { name: 'Privy Team', address: 'hello@privy.test' };
    await send();
    const froms = await Promise.all(
      sendMail.mock.results.map(
        async (result) => JSON.parse(((await result.value) as { message: string }).message).from,
      ),
    );
    expect(froms).toEqual([
      { address: 'no-reply@privy.test', name: 'Privy' },
      { address: 'hello@privy.test', name: 'Privy Team' },
    ]);
  });
});
