import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import {
  findOutboxMessage,
  insertOutboxMessage,
  listOutboxMessages,
  type OutboxListFilter,
} from './repository.ts';
import { createOutboxSmsDelivery, maskPhoneNumber, type SmsDelivery, SmsError } from './sms-delivery.ts';
import { admitSms } from './sms-limits.ts';
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
  /**
   * Sends a text through Twilio or into the dev outbox (ADR 142), once admitSms lets it through
   * (unless it already did). Throws an SmsError when it is not sent: no provider here, a limit
   * reached, a number the provider refuses, a provider failure (logged here).
   */
  sendSms(input: SendSmsInput): Promise<void>;
  /**
   * Counts one text against its number's and its client's limits, or throws an SmsError (none can
   * be sent here, or a limit is reached). The auth hook calls it for every code asked for, before
   * better-auth makes the code, whether or not the number has an account: a refused request then
   * leaves the last code working, and the answer tells nobody which numbers have accounts.
   */
  admitSms(input: { to: string; client?: string | null | undefined }): Promise<void>;
  readonly deliversForReal: boolean;
  /** Texts reach phones (Twilio); false while they land in the dev outbox or cannot be sent. */
  readonly smsDeliversForReal: boolean;
  /**
   * False in production without a provider: phone sign-up and texted codes are turned away
   * instead of being sent nowhere.
   */
  readonly smsAvailable: boolean;
  /**
   * The dev outbox, newest first. Whoever exposes it (the /dev pages, /api/dev/outbox) must check
   * that this is not production: the messages hold sign-in links and codes.
   */
  outbox: {
    list(filter?: OutboxListFilter): ReturnType<typeof listOutboxMessages>;
    find(id: string): ReturnType<typeof findOutboxMessage>;
  };
};

export type SendSmsInput = {
  to: string;
  text: string;
  /** The client address that asked for the text, for its limit; null when nobody asked (a notice). */
  client?: string | null | undefined;
  /** admitSms already counted this text (a code the auth hook let through). */
  admitted?: boolean;
};

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export function createEmailService(deps: {
  db: Db;
  smtpUrl: string | undefined;
  /** The sender: fixed, or read per message (the admins' setting, ADR 140). */
  from: string | (() => Promise<{ name: string; address: string }>);
  /** Tests hand in a nodemailer transport of their own; otherwise SMTP_URL decides. */
  transport?: Transporter;
  /** Where texts go: the dev outbox unless given; null when none may be sent (production, no provider). */
  sms?: SmsDelivery | null;
  log?: Logger;
}): EmailService {
  const transport: Transporter | null =
    deps.transport ?? (deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null);
  const sms = deps.sms === undefined ? createOutboxSmsDelivery(deps.db) : deps.sms;
  const admit = async (input: { to: string; client?: string | null | undefined }) => {
    if (!sms) throw new SmsError('unavailable', 'no text-message provider is set up');
    await admitSms(deps.db, { recipient: input.to, client: input.client ?? null });
  };
  return {
    deliversForReal: transport !== null,
    smsDeliversForReal: sms?.deliversForReal ?? false,
    smsAvailable: sms !== null,
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
      if (!sms) throw new SmsError('unavailable', 'no text-message provider is set up');
      if (!input.admitted) await admit(input);
      try {
        await sms.deliver({ to: input.to, text: input.text });
      } catch (error) {
        if (!(error instanceof SmsError)) throw error;
        // A refused number is the person's to fix; anything else is ours or the provider's.
        const level = error.failure === 'recipient_refused' ? 'warn' : 'error';
        deps.log?.[level](
          { err: error.cause ?? error, failure: error.failure, to: maskPhoneNumber(input.to) },
          `a text message was not sent: ${error.message}`,
        );
        throw error;
      }
    },
    admitSms: admit,
  };
}
