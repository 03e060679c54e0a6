import { STANDARDS_SECTIONS } from '../../features/marketing/content/standards.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { SectionedDocument } from '../../features/marketing/sectioned-document.tsx';

export function meta() {
  return pageMeta(
    'Listing standards',
    'The cleanliness, privacy, accessibility and safety standards every bathroom on Privy meets, and how we hold hosts to them.',
  );
}

export default function StandardsPage() {
  return (
    <>
      <PageIntro
        eyebrow="Listing standards"
        title="What every bathroom on Privy meets"
        lead="Whichever listing you book, some things never change: it is clean, it is private, its accessibility is described honestly, and it is safe to use. These are the standards we hold every host to, and guests can tell us whenever a bathroom falls short."
      />
      <SectionedDocument sections={STANDARDS_SECTIONS} />
      <CtaBand
        title="Found a bathroom that falls short?"
        text="Tell us. We will look into it and put it right with the host; while your booking is still on, we can cancel it with a full refund."
        primary={{ to: '/contact', label: 'Contact us' }}
        secondary={{ to: '/safety', label: 'Safety on Privy' }}
      />
    </>
  );
}
