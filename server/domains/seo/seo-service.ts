import type { LocationPageKind } from '../../../common/schemas/seo.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { PlacesService } from '../places/places-service.ts';
import { createLocationPages } from './location-pages.ts';
import { SITEMAP_MAX_URLS } from './public-pages.ts';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap.ts';

/**
 * What search engines see beyond the ordinary pages (ADR 077): the location pages, their index,
 * the sitemap and robots.txt. Reads through the places and availability services only.
 */
export function createSeoService(deps: {
  places: PlacesService;
  availability: AvailabilityService;
  /** Absolute origin for canonical URLs, the sitemap and robots.txt (APP_URL) */
  appUrl: string;
}) {
  const { availability, appUrl } = deps;
  const locations = createLocationPages(deps);

  return {
    /** /bathrooms-in/{slug} and friends: the page, a redirect to the canonical slug, or a 404 with suggestions. */
    locationPage: (slug: string, kind: LocationPageKind) => locations.page(slug, kind),

    /** /dynamic-seo-pages */
    locationIndex: async () => locations.index(await locations.citiesWithBathrooms()),

    /** Cities whose addresses hold a published bathroom, most first. */
    citiesWithBathrooms: () => locations.citiesWithBathrooms(),

    async sitemapXml(): Promise<string> {
      const [cities, bathrooms] = await Promise.all([
        locations.citiesWithBathrooms(),
        availability.publishedForSitemap(SITEMAP_MAX_URLS),
      ]);
      return sitemapXml(sitemapEntries(appUrl, cities, bathrooms));
    },

    robotsTxt: () => robotsTxt(appUrl),
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
export type {
  CityLink,
  LocationIndex,
  LocationPage,
  NearbyCityLink,
  StateGroup,
} from './location-pages.ts';
