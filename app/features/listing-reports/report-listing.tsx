import { IconFlag } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import { StaticButton } from '../../ui/static-button.tsx';

// A dialog few guests ever open: its code (Mantine's modal, radios, text area) loads on the first
// tap instead of with the listing page (ADR 141).
const ReportListingDialog = lazyPart(() => import('./report-listing-dialog.tsx'));

/**
 * "Report this listing" (ADR 136): a signed-in member tells Privy's admins what is wrong; the
 * report shows on the listing's admin page, where it is dismissed or the listing unpublished.
 */
export function ReportListing({ bathroomId }: { bathroomId: string }) {
  const [asked, setAsked] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <StaticButton
        variant="subtle-gray"
        size="compact-sm"
        leftSection={<IconFlag size={16} />}
        onClick={() => {
          setAsked(true);
          setOpened(true);
        }}
        data-testid="report-listing"
      >
        Report this listing
      </StaticButton>
      {asked && (
        <Suspense fallback={null}>
          <ReportListingDialog bathroomId={bathroomId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
