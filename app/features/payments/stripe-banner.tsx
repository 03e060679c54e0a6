import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { connectPageFor } from '../../../common/connect-return.ts';
import { isUnlinkedProvider } from '../../../common/provider-payment-state.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import type { ClientViewer } from '../../lib/viewer.ts';

// Only unlinked providers see it, so only their pages load its code; in a Suspense boundary of its
// own, so the rest of the page goes live without waiting for it (ADR 151).
const StripeBannerView = lazyPart(() => import('./stripe-banner-view.tsx'));

/** Pages where the banner would only repeat what the page itself is for. */
const ONBOARDING_PATHS = ['/stripe-connect', '/manage/stripe-connect', '/test-connect/'];

/**
 * Spec §2 / §4 / §8: the fixed red bottom banner for a provider whose payout account is not
 * linked, with a Connect Account button to /stripe-connect (carrying this page as `return_to`).
 */
export function StripeBanner({ viewer }: { viewer: ClientViewer | null }) {
  const { pathname, search } = useLocation();
  if (!viewer || !isUnlinkedProvider(viewer.profile)) return null;
  if (ONBOARDING_PATHS.some((path) => pathname === path || pathname.startsWith(path))) return null;
  // Onboarding comes back to this page when it is one onboarding may return to (ADR 117).
  return (
    <Suspense fallback={null}>
      <StripeBannerView to={connectPageFor(`${pathname}${search}`)} />
    </Suspense>
  );
}
