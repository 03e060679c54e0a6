import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationListSchema,
  conversationPageQuerySchema,
  conversationPageSchema,
  conversationParamsSchema,
  listConversationsQuerySchema,
  markReadSchema,
  messageParamsSchema,
  messageSchema,
  SEND_MESSAGE_ACTION,
  sendMessageSchema,
  socketSendSchema,
  unreadCountSchema,
} from '../../../common/schemas/messages.ts';
import { AppError, invalidInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { requireActorOfRequest } from '../auth/request-viewer.ts';
import { perViewerRateLimit } from '../auth/viewer-rate-limit.ts';
import type { MessagingActor } from './conversation-rules.ts';

/** Messages sent per person per minute: a fast typist's pace, not a flood (ADR 119). */
export const SEND_LIMIT_PER_MINUTE = 30;
const SEND_ROUTE = '/api/messages/:bookingId';
/** The send route's rate-limit scope (rate-limit-service.ts): the socket's sends count against it too. */
const SEND_BUDGET = `POST ${SEND_ROUTE}`;
const MINUTE_MS = 60_000;

/**
 * The messaging routes of common/schemas/messages.ts. Every one needs a signed-in, active account
 * (disabled or under-review accounts are refused by requireViewer); which conversation the viewer
 * may reach is the service's decision (conversation-access.ts).
 */
export async function messagingRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Promise<MessagingActor> =>
    requireActorOfRequest(services.auth, request);
  const tags = ['messages'];

  api.get(
    '/api/messages/conversations',
    {
      schema: {
        tags,
        summary: 'Your conversations, latest activity first; q filters by name or bathroom',
        querystring: listConversationsQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => ({
      conversations: await services.messaging.list(await actorOf(request), {
        limit: request.query.limit,
        ...(request.query.q ? { q: request.query.q } : {}),
      }),
    }),
  );

  api.get(
    '/api/messages/unread-count',
    {
      schema: {
        tags,
        summary: 'How many messages others sent you that you have not read',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ count: await services.messaging.unreadCount((await actorOf(request)).userId) }),
  );

  api.get(
    '/api/messages/:bookingId',
    {
      schema: {
        tags,
        summary: "A booking's conversation, one page, newest last",
        params: conversationParamsSchema,
        querystring: conversationPageQuerySchema,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) =>
      services.messaging.read(await actorOf(request), request.params.bookingId, {
        limit: request.query.limit,
        ...(request.query.before ? { before: request.query.before } : {}),
      }),
  );

  const sendLimit = services.config.messageSendLimitPerMinute ?? SEND_LIMIT_PER_MINUTE;
  api.post(
    SEND_ROUTE,
    {
      schema: {
        tags,
        summary: 'Send a message (a retry with the same clientId is stored once)',
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: { 201: z.object({ message: messageSchema }) },
      },
      config: perViewerRateLimit(services.auth, { max: sendLimit, timeWindow: '1 minute' }),
    },
    async (request, reply) => {
      const { message } = await services.messaging.send(
        await actorOf(request),
        request.params.bookingId,
        request.body,
      );
      return reply.status(201).send({ message });
    },
  );

  api.post(
    '/api/messages/:bookingId/read',
    {
      schema: {
        tags,
        summary: "Mark the other party's messages read up to one; answers your unread count",
        params: conversationParamsSchema,
        body: markReadSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) =>
      services.messaging.markRead(
        await actorOf(request),
        request.params.bookingId,
        request.body.upToMessageId,
      ),
  );

  api.post(
    '/api/messages/:bookingId/typing',
    {
      schema: {
        tags,
        summary: 'Tell the other party you are typing (not stored; at most every 2 s)',
        params: conversationParamsSchema,
      },
    },
    async (request, reply) => {
      await services.messaging.typing(await actorOf(request), request.params.bookingId);
      return reply.status(204).send();
    },
  );

  api.delete(
    '/api/messages/:bookingId/:messageId',
    {
      schema: {
        tags,
        summary: 'Delete one of your messages (it stays as "Message deleted")',
        params: messageParamsSchema,
        response: { 200: z.object({ message: messageSchema }) },
      },
    },
    async (request) => ({
      message: await services.messaging.remove(
        await actorOf(request),
        request.params.bookingId,
        request.params.messageId,
      ),
    }),
  );

  // The same send over the tab's open realtime socket (ADR 149): the same schema, budget and
  // service. A malformed payload is refused first; then confirm() vouches for the session (still
  // live: ADR 155) before anything is counted or stored.
  services.realtime.gateway.handleRequest(SEND_MESSAGE_ACTION, async ({ payload, confirm }) => {
    const parsed = socketSendSchema.safeParse(payload);
    if (!parsed.success) throw invalidInput(parsed.error);
    const sender = await confirm();
    // Counted while the send's conversation is read, not before it: one round trip less.
    const admitted = services.rateLimits
      .hit(SEND_BUDGET, `user:${sender.userId}`, MINUTE_MS)
      .then(({ hits }) => {
        if (hits > sendLimit) throw new AppError('rate_limited', 'Too many requests. Please wait a moment.');
      });
    const { bookingId, ...input } = parsed.data;
    const { message } = await services.messaging.send(sender, bookingId, input, admitted);
    return { status: 201, body: { message } };
  });
}
