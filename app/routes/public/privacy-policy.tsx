import { PRIVACY } from '../../features/marketing/content/privacy.ts';
import { LegalPage } from '../../features/marketing/legal-page.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/privacy-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: context.get(servicesContext).config.contactEmail };
}

export function meta() {
  return pageMeta(
    'Privacy policy',
    'What Privy collects, why, who can see it, how long we keep it, the only cookies we use, and how to see, correct or delete your information.',
  );
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={PRIVACY} contactEmail={loaderData.contactEmail} />;
}
