import { loadOutboxList } from '../../features/mailbox/dev-only.server.ts';
import { OutboxList } from '../../features/mailbox/outbox-list.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/mailbox';

/** Outside production only (ADR 041): in production the loader answers 404 like any unknown path. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadOutboxList(context.get(servicesContext), request);
}

export function meta() {
  return [{ title: 'Dev mailbox · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function MailboxPage({ loaderData }: Route.ComponentProps) {
  return <OutboxList messages={loaderData.messages} deliversForReal={loaderData.deliversForReal} />;
}
