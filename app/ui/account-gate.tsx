import { Suspense } from 'react';
import { SUPPORT_MESSAGES } from '../../common/constants.ts';
import { lazyPart } from '../lib/patient-import.ts';
import type { ClientViewer } from '../lib/viewer.ts';

// Few ever see it: its code loads only for them, in a Suspense boundary of its own like every part
// loaded lazily while the page hydrates (ADR 151).
const BlockedAccount = lazyPart(() => import('./blocked-account.tsx'));

/** Spec §4 account gate: a disabled or under-review account sees only this, and may sign out. */
export function AccountGate({
  viewer,
  supportEmail,
  children,
}: {
  viewer: ClientViewer | null;
  supportEmail?: string | undefined;
  children?: React.ReactNode;
}) {
  if (!viewer) return <>{children}</>;
  const message = viewer.profile.is_deleted
    ? SUPPORT_MESSAGES.accountDisabled
    : !viewer.profile.is_active
      ? SUPPORT_MESSAGES.accountUnderReview
      : null;
  if (!message) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <BlockedAccount disabled={viewer.profile.is_deleted} message={message} supportEmail={supportEmail} />
    </Suspense>
  );
}
