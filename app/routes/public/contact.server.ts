import { data } from 'react-router';
import { contactMessageSchema } from '../../../common/schemas/contact.ts';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_SCOPE,
  contactRateLimitedMessage,
} from '../../../server/domains/email/routes.ts';
import { sendContactMessage } from '../../../server/domains/email/send-contact-message.ts';
import type { ContactPostResult } from '../../features/contact/contact-post-result.ts';
import { requestInfoContext, servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/contact';

const FIELDS = ['name', 'email', 'subject', 'body'] as const;

/**
 * The contact form posted by the browser itself, before the page's scripts have started or where
 * they never do (docs/decisions/157-scripts-after-the-first-paint.md). Once hydrated, the form
 * sends to POST /api/email/send instead; both check the same schema and count against the same
 * budget of five messages per ten minutes from one address.
 */
export async function contactAction({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const posted = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
  const values = Object.fromEntries(FIELDS.map((field) => [field, posted[field] ?? '']));
  const parsed = contactMessageSchema.safeParse(posted);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return data<ContactPostResult>(
      {
        ok: false,
        message: 'Some fields need your attention. The notes under them say what to change.',
        fieldErrors,
        values,
      },
      { status: 400 },
    );
  }
  const budget = await services.rateLimits.hit(
    CONTACT_RATE_LIMIT_SCOPE,
    context.get(requestInfoContext).ip,
    CONTACT_RATE_LIMIT.timeWindowMs,
  );
  if (budget.hits > CONTACT_RATE_LIMIT.max) {
    return data<ContactPostResult>(
      { ok: false, message: contactRateLimitedMessage(budget.ttlMs), fieldErrors: {}, values },
      { status: 429 },
    );
  }
  await sendContactMessage(services, parsed.data, request.headers);
  return data<ContactPostResult>({ ok: true, email: parsed.data.email });
}
