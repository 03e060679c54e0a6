import { TERMS } from '../../features/marketing/content/terms.ts';
import { LegalPage } from '../../features/marketing/legal-page.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/terms';

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: context.get(servicesContext).config.contactEmail };
}

export function meta() {
  return pageMeta(
    'Terms of service',
    'The rules for using Privy as a guest or a host: accounts, bookings, payments, cancellations and refunds, host obligations, guest conduct, liability and disputes.',
  );
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={TERMS} contactEmail={loaderData.contactEmail} />;
}
