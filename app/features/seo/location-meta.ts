import type { MetaDescriptor } from 'react-router';
import type { LocationPage } from '../../../server/domains/seo/seo-service.ts';
import { locationCopy } from './location-copy.ts';
import { absoluteUrl } from './structured-data.ts';

const SITE_NAME = 'Privy';

/** Title, description, canonical, robots and link-preview tags of a page (absolute URLs). */
export function seoMeta(input: {
  title: string;
  description: string;
  canonicalUrl: string;
  indexable: boolean;
  image?: string | undefined;
}): MetaDescriptor[] {
  const title = `${input.title} · ${SITE_NAME}`;
  return [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: input.canonicalUrl },
    ...(input.indexable ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:url', content: input.canonicalUrl },
    { property: 'og:locale', content: 'en_US' },
    ...(input.image ? [{ property: 'og:image', content: input.image }] : []),
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ];
}

export function locationMeta(page: LocationPage, origin: string): MetaDescriptor[] {
  const copy = locationCopy(page);
  const cover = page.results.find((result) => result.cover)?.cover;
  return seoMeta({
    title: copy.heading,
    description: copy.description,
    canonicalUrl: absoluteUrl(origin, copy.canonicalPath),
    indexable: copy.indexable,
    image: cover ? absoluteUrl(origin, cover.url) : undefined,
  });
}

/** An unknown place: a 404 that nobody should index. */
export function placeNotFoundMeta(): MetaDescriptor[] {
  return [{ title: `Place not found · ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}
