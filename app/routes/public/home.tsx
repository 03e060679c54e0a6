import { Suspense } from 'react';
import classes from '../../features/booking-panel/go-now.module.css';
import { LiveGoNowButton } from '../../features/booking-panel/live-go-now-button.tsx';
import { HomeHero } from '../../features/marketing/home/hero.tsx';
import {
  HomeQuestions,
  HowItWorksSteps,
  PricingAndHosts,
  TrustPoints,
} from '../../features/marketing/home/home-sections.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { useDefaultAddress } from '../../features/places/use-default-address.ts';
import { HeroSearch } from '../../features/search/hero-search.tsx';
import { servicesContext } from '../../lib/context.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { useRootData } from '../../root.tsx';
import { useLive } from '../../ui/use-live.ts';
import type { Route } from './+types/home';

// Drawn only in the browser, from an address found after load: its code loads once the page is live.
const NearYou = lazyPart(() =>
  import('../../features/search/near-you.tsx').then((module) => ({ default: module.NearYou })),
);

// Rendered on the server with the page, but its code (the search result card) loads only when an
// admin has featured something, so the home page's initial JavaScript stays within its budget.
const FeaturedBathrooms = lazyPart(() =>
  import('../../features/marketing/home/featured-bathrooms.tsx').then((module) => ({
    default: module.FeaturedBathrooms,
  })),
);

export function meta() {
  return pageMeta(
    'Privy: book a clean, private bathroom nearby',
    'Book a private bathroom from a verified local host for 15 minutes to 2 hours. See the price, distance and accessibility features up front; get the address and access instructions the moment you book.',
  );
}

/** The admins' featured listings (ADR 136): one small indexed query, kept a minute per process. */
export async function loader({ context }: Route.LoaderArgs) {
  return { featured: await context.get(servicesContext).availability.featured() };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { address, setAddress, loading } = useDefaultAddress();
  const live = useLive();
  // Admins may switch Go now off (ADR 140): the root loader says so.
  const goNow = useRootData()?.goNowEnabled !== false;
  return (
    <>
      <HomeHero
        search={
          <>
            <HeroSearch address={address} onAddressChange={setAddress} addressLoading={loading} />
            {/* In a hurry: the nearest bathrooms free within 15 minutes, around the address or the browser's location. */}
            {goNow && (
              <div className={classes.goNow}>
                <LiveGoNowButton
                  point={address ? { latitude: address.latitude, longitude: address.longitude } : null}
                  geolocate
                />
              </div>
            )}
          </>
        }
      />
      {live && address ? (
        <Suspense fallback={null}>
          <NearYou address={address} />
        </Suspense>
      ) : null}
      {loaderData.featured.length ? (
        <Suspense fallback={null}>
          <FeaturedBathrooms bathrooms={loaderData.featured} />
        </Suspense>
      ) : null}
      <HowItWorksSteps />
      <TrustPoints />
      <PricingAndHosts />
      <HomeQuestions />
    </>
  );
}
