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
        lead="Whichever listing you book, some things never change: it is clean, it is private, its accessibility is described honestly, and it is safe to use. Every host agrees to these standards, and guests hold them to it after every visit."
      />
      <SectionedDocument sections={STANDARDS_SECTIONS} />
      <CtaBand
        title="Found a bathroom that falls short?"
        text="Tell us. We will look into it, put it right with the host, and refund you where it is due."
        primary={{ to: '/contact', label: 'Contact us' }}
        secondary={{ to: '/safety', label: 'Safety on Privy' }}
      />
    </>
  );
}
