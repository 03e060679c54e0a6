import { AppError, toErrorBody } from '../../http/errors.ts';
import type { SocketIdentity } from './gateway.ts';

/**
 * Requests over the open realtime socket (ADR 149): a tab that already holds a signed-in socket
 * sends a chat message as one frame instead of a new HTTP request. Each request is answered with a
 * reply carrying the status and body the HTTP route would have answered, so the browser treats
 * both paths alike. Only actions a domain registers are served; each handler validates its own
 * payload with the same schema as its HTTP route and applies the same guard and rate limit.
 */
export type SocketRequest = { type: 'request'; id: number; action: string; payload?: unknown };
export type SocketReply = { status: number; body: unknown };
export type SocketReplyMessage = { type: 'reply'; id: number } & SocketReply;

/**
 * Answers one action. `confirm()` looks the socket's session up again now; a handler awaits it
 * before it reads, writes or tells anything (its payload it may refuse first, without a database
 * round trip). Signed out, revoked or disabled since: it throws SessionEndedError and the socket
 * is closed, as an HTTP request would be refused.
 */
export type SocketRequestHandler = (request: {
  payload: unknown;
  confirm: () => Promise<SocketIdentity>;
}) => Promise<SocketReply>;

export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

/** Requests one socket may have unanswered at once; more are refused with 429, not queued. */
export const MAX_PENDING_REQUESTS_PER_SOCKET = 20;
const MAX_ACTION_LENGTH = 64;

export function isSocketRequest(message: { type?: unknown }): message is SocketRequest {
  const request = message as Partial<SocketRequest>;
  return (
    request.type === 'request' &&
    Number.isSafeInteger(request.id) &&
    typeof request.action === 'string' &&
    request.action.length <= MAX_ACTION_LENGTH
  );
}

/** Told of every failed request (a lost database is noticed here as on HTTP; 500s are logged). */
export type SocketRequestErrorListener = (error: unknown, status: number, action: string) => void;

export function createSocketRequests(onError: SocketRequestErrorListener = () => {}) {
  const handlers = new Map<string, SocketRequestHandler>();

  /** 'session_ended': the caller closes the socket instead of replying. */
  async function answer(
    request: SocketRequest,
    revalidate: () => Promise<SocketIdentity | null>,
  ): Promise<SocketReply | 'session_ended'> {
    const handler = handlers.get(request.action);
    if (!handler) return toErrorBody(new AppError('not_found', 'This socket does not serve that action.'));
    const confirm = async () => {
      const identity = await revalidate();
      if (!identity) throw new SessionEndedError('Session ended');
      return identity;
    };
    try {
      return await handler({ payload: request.payload, confirm });
    } catch (error) {
      if (error instanceof SessionEndedError) return 'session_ended';
      const reply = toErrorBody(error);
      onError(error, reply.status, request.action);
      return reply;
    }
  }

  return {
    answer,
    /** One handler per action; registering an action again replaces its handler. */
    handle(action: string, handler: SocketRequestHandler) {
      handlers.set(action, handler);
    },
  };
}
