import { data } from 'react-router';
import type { AppServices } from '../../../server/services.ts';
import { pageUrl } from '../../lib/route-query.ts';

/**
 * The dev mailbox shows sign-in links and codes, so in production it does not exist: the same 404 as
 * any unknown path (ADR 041).
 */
export function assertDevMailboxAvailable(services: AppServices, request: Request): void {
  if (services.config.devTools) return;
  const url = pageUrl(request);
  throw data({ path: url.pathname + url.search }, { status: 404 });
}

export type OutboxSummary = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  createdAt: string;
};

export async function loadOutboxList(services: AppServices, request: Request) {
  assertDevMailboxAvailable(services, request);
  const rows = await services.email.outbox.list({ limit: 200 });
  const messages: OutboxSummary[] = rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { messages, deliversForReal: services.email.deliversForReal };
}

export async function loadOutboxMessage(services: AppServices, request: Request, id: string) {
  assertDevMailboxAvailable(services, request);
  const row = await services.email.outbox.find(id);
  if (!row) {
    const url = pageUrl(request);
    throw data({ path: url.pathname + url.search }, { status: 404 });
  }
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    createdAt: new Date(row.created_at).toISOString(),
    html: row.html,
    text: row.text,
  };
}
