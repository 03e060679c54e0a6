import { Text } from '@mantine/core';
import type { LegalDocumentContent } from './content/types.ts';
import { PageIntro } from './page-intro.tsx';
import { SectionedDocument } from './sectioned-document.tsx';

/** Terms and privacy policy: the intro with the date it last changed, then numbered sections. */
export function LegalPage({
  document,
  contactEmail,
}: {
  document: LegalDocumentContent;
  contactEmail: string;
}) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={document.title} lead={document.lead}>
        <Text size="sm" c="dimmed">
          Last updated {document.updated}
        </Text>
      </PageIntro>
      <SectionedDocument sections={document.sections} contactEmail={contactEmail} numbered />
    </>
  );
}
