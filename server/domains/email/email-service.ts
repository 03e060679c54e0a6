import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import {
  findOutboxMessage,
  insertOutboxMessage,
  listOutboxMessages,
  type OutboxListFilter,
} from './repository.ts';
import { type TemplateData, type TemplateName, templates } from './templates/index.ts';

export type SendEmailInput<T extends TemplateName> = {
  to: string;
  template: T;
  data: TemplateData<T>;
  /** A display name and address: nodemailer encodes the name safely for the header. */
  replyTo?: string | { name: string; address: string };
};

export type EmailService = {
  send<T extends TemplateName>(input: SendEmailInput<T>): Promise<void>;
  /** Text messages have no real carrier yet: they always land in the dev outbox. */
  sendSms(input: { to: string; text: string }): Promise<void>;
  readonly deliversForReal: boolean;
  /**
   * The dev outbox, newest first. Whoever exposes it (the /dev pages, /api/dev/outbox) must check
   * that this is not production: the messages hold sign-in links and codes.
   */
  outbox: {
    list(filter?: OutboxListFilter): ReturnType<typeof listOutboxMessages>;
    find(id: string): ReturnType<typeof findOutboxMessage>;
  };
};

export function createEmailService(deps: {
  db: Db;
  smtpUrl: string | undefined;
  /** The sender: fixed, or read per message (the admins' setting, ADR 140). */
  from: string | (() => Promise<{ name: string; address: string }>);
  /** Tests hand in a nodemailer transport of their own; otherwise SMTP_URL decides. */
  transport?: Transporter;
}): EmailService {
  const transport: Transporter | null =
    deps.transport ?? (deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null);
  return {
    deliversForReal: transport !== null,
    async send(input) {
      const render = templates[input.template] as (
        data: unknown,
      ) => ReturnType<(typeof templates)[TemplateName]>;
      const message = render(input.data);
      if (transport) {
        await transport.sendMail({
          from: typeof deps.from === 'string' ? deps.from : await deps.from(),
          to: input.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(input.replyTo ? { replyTo: input.replyTo } : {}),
        });
        return;
      }
      await insertOutboxMessage(deps.db, {
        channel: 'email',
        recipient: input.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    },
    outbox: {
      list: (filter) => listOutboxMessages(deps.db, filter),
      find: (id) => findOutboxMessage(deps.db, id),
    },
    async sendSms(input) {
      await insertOutboxMessage(deps.db, {
        channel: 'sms',
        recipient: input.to,
        subject: `SMS to ${input.to}`,
        html: null,
        text: input.text,
      });
    },
  };
}
