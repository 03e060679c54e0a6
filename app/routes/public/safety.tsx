import { SAFETY_SECTIONS } from '../../features/marketing/content/safety.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { SectionedDocument } from '../../features/marketing/sectioned-document.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/safety';

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: context.get(servicesContext).config.contactEmail };
}

export function meta() {
  return pageMeta(
    'Safety',
    'How Privy keeps guests and hosts safe: verified accounts and hosts, hygiene, what to do if something is wrong, how to report a problem, and what to do in an emergency (call 911).',
  );
}

export default function SafetyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Trust and safety"
        title="Safety on Privy"
        lead="Inviting a stranger in, or walking into a stranger's bathroom, takes trust. Here is how we earn it: who we verify, what we expect from guests and hosts, and what to do when something goes wrong."
      />
      <SectionedDocument sections={SAFETY_SECTIONS} contactEmail={loaderData.contactEmail} />
      <CtaBand
        title="Something happened on a booking?"
        text="Tell us what happened and when. A person reads every report, and safety reports come first."
        primary={{ to: '/contact', label: 'Report a problem' }}
        secondary={{ to: '/standards', label: 'Read our listing standards' }}
      />
    </>
  );
}
