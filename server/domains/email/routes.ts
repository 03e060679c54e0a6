import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageSchema, contactSentSchema } from '../../../common/schemas/contact.ts';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { devOutboxRoutes } from './dev-outbox-routes.ts';
import { sendContactMessage } from './send-contact-message.ts';

/**
 * Five messages per ten minutes from one address is more than any person writing to support needs,
 * and few enough that a script cannot flood the inbox (ADR 040).
 */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindowMs: 10 * 60 * 1000 } as const;

/** The budget's name in the rate-limit store, which the contact page's own form post shares. */
export const CONTACT_RATE_LIMIT_SCOPE = 'POST /api/email/send';

function minutesLeft(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function contactRateLimitedMessage(ttlMs: number): string {
  return `You have sent several messages in a short time. Please try again in ${minutesLeft(ttlMs)}, or email us directly.`;
}

export async function emailRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/email/send',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.timeWindowMs,
          errorResponseBuilder: (_request, context) =>
            new AppError('rate_limited', contactRateLimitedMessage(context.ttl)),
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to Privy support (the contact form)',
        description:
          'Delivered to the support inbox with reply-to set to the sender. Limited to 5 requests per 10 minutes per IP address; the 6th answers 429.',
        body: contactMessageSchema,
        response: { 200: contactSentSchema },
      },
    },
    async (request) => {
      const outcome = await sendContactMessage(services, request.body, toWebHeaders(request));
      if (outcome === 'dropped_as_spam') request.log.info('contact form honeypot filled; message dropped');
      return { sent: true as const };
    },
  );

  // The dev outbox holds sign-in links and codes: it does not exist at all in production.
  if (services.config.devTools) await app.register(devOutboxRoutes, { services });
}
