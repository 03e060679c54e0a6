import type { ContactMessage } from '../../../common/schemas/contact.ts';
import { CONTACT_HONEYPOT_FIELD } from '../../../common/schemas/contact.ts';
import type { AppServices } from '../../services.ts';

export type ContactOutcome = 'delivered' | 'dropped_as_spam';

/**
 * Delivers a contact-form message to the support inbox, with reply-to set to the sender so support
 * answers with one click. A filled honeypot means a bot: nothing is sent, and the caller answers as
 * if it had been, so the bot learns nothing.
 */
export async function sendContactMessage(
  services: Pick<AppServices, 'email' | 'auth' | 'config'>,
  message: ContactMessage,
  headers: Headers,
): Promise<ContactOutcome> {
  if (message[CONTACT_HONEYPOT_FIELD]?.trim()) return 'dropped_as_spam';
  // Signed-in senders are named to support by their account, so nobody has to ask who they are.
  const viewer = headers.get('cookie') ? await services.auth.getViewer(headers) : null;
  const account = viewer
    ? {
        id: viewer.userId,
        label:
          [viewer.profile.first_name, viewer.profile.last_name].filter(Boolean).join(' ') ||
          viewer.email ||
          viewer.phoneNumber ||
          'no name',
      }
    : undefined;
  await services.email.send({
    to: services.config.contactEmail,
    replyTo: { name: message.name, address: message.email },
    template: 'contact-message',
    data: { name: message.name, email: message.email, subject: message.subject, body: message.body, account },
  });
  return 'delivered';
}
