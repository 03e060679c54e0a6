import { formatPrice } from '../../../common/money.ts';
import {
  type LocationPageKind,
  locationPageKind,
  locationPath,
  NEAR_RADIUS_MILES,
  parseLocationPageKind,
} from '../../../common/schemas/seo.ts';
import type { LocationPage } from '../../../server/domains/seo/seo-service.ts';

/** What a location page says about itself: one place for the heading, the title and the snippet. */
export type LocationCopy = {
  heading: string;
  description: string;
  /** The URL search engines should index for this content (ADR 077) */
  canonicalPath: string;
  /** Pages with no listing are thin: kept out of the index, their links still followed */
  indexable: boolean;
};

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** "$8 to $25 an hour", "$12 an hour"; null when some listings are not on the page (it would not be the range). */
export function priceRange(page: Pick<LocationPage, 'results' | 'total'>): string | null {
  if (!page.results.length || page.total > page.results.length) return null;
  const prices = page.results.map((result) => result.hourly_price_cents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? `${formatPrice(low)} an hour` : `${formatPrice(low)} to ${formatPrice(high)} an hour`;
}

/** The page for the same city and scope, in the other audience or the other scope. */
export function siblingPath(kind: LocationPageKind, slug: string, change: 'audience' | 'scope'): string {
  const { audience, scope } = parseLocationPageKind(kind);
  const next =
    change === 'audience'
      ? locationPageKind(audience === 'bathrooms' ? 'properties' : 'bathrooms', scope)
      : locationPageKind(audience, scope === 'in' ? 'near' : 'in');
  return locationPath(next, slug);
}

export function locationCopy(page: Pick<LocationPage, 'kind' | 'city' | 'results' | 'total'>): LocationCopy {
  const { audience, scope } = parseLocationPageKind(page.kind);
  const place = page.city.label;
  const where = scope === 'in' ? `in ${place}` : `near ${place}`;
  const range = priceRange(page);
  const prices = range ? ` Prices: ${range}.` : '';
  const count = page.total;
  let heading: string;
  let description: string;
  if (audience === 'bathrooms') {
    heading = `Private bathrooms ${where}`;
    if (!count) {
      description =
        scope === 'in'
          ? `No bathrooms are listed in ${place} yet. See private bathrooms nearby, or list yours on Privy.`
          : `No bathrooms are listed within ${NEAR_RADIUS_MILES} miles of ${place} yet. Try another city, or list yours on Privy.`;
    } else if (scope === 'in') {
      description = `${plural(count, 'clean, private bathroom', 'clean, private bathrooms')} in ${place}, hosted by locals.${prices} See photos, opening hours and accessibility, then book by the quarter hour.`;
    } else {
      description = `${plural(count, 'private bathroom', 'private bathrooms')} within ${NEAR_RADIUS_MILES} miles of ${place}, nearest first.${prices} Book by the quarter hour; the exact address comes with your booking.`;
    }
  } else {
    heading = `Bathroom properties ${where}`;
    description = count
      ? `${plural(count, 'bathroom property', 'bathroom properties')} listed ${where}.${prices} See what guests book, and list your own bathroom on Privy.`
      : `No bathroom properties are listed ${where} yet. Be the first host there: list your bathroom on Privy and earn by the quarter hour.`;
  }
  return {
    heading,
    description,
    // "properties" shows the same listings as "bathrooms": that page is the one to index.
    canonicalPath: locationPath(locationPageKind('bathrooms', scope), page.city.slug),
    indexable: count > 0,
  };
}
