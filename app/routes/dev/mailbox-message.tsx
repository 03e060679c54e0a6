import { loadOutboxMessage } from '../../features/mailbox/dev-only.server.ts';
import { OutboxMessage } from '../../features/mailbox/outbox-message.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/mailbox-message';

/** Outside production only (ADR 041); an unknown id is a 404 too. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOutboxMessage(context.get(servicesContext), request, params.id);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.subject ?? 'Message'} · Dev mailbox · Privy` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function MailboxMessagePage({ loaderData }: Route.ComponentProps) {
  return <OutboxMessage message={loaderData} />;
}
