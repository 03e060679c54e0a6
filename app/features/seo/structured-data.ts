import { CURRENCY } from '../../../common/constants.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';

/** A URL as crawlers need it: absolute, on this site's origin. */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

function price(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * schema.org ItemList of the listings on a location page: each a Product with its hourly Offer
 * and, once it has reviews, its AggregateRating (search engines refuse a rating with no reviews).
 */
export function itemListJsonLd(input: {
  origin: string;
  name: string;
  url: string;
  ordered: boolean;
  results: SearchResult[];
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: input.name,
    url: input.url,
    numberOfItems: input.results.length,
    itemListOrder: input.ordered
      ? 'https://schema.org/ItemListOrderAscending'
      : 'https://schema.org/ItemListUnordered',
    itemListElement: input.results.map((result, index) => {
      const url = absoluteUrl(input.origin, `/bathrooms/${result.id}`);
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          '@id': url,
          name: result.title,
          url,
          ...(result.cover ? { image: absoluteUrl(input.origin, result.cover.url) } : {}),
          category: 'Private bathroom rental',
          offers: {
            '@type': 'Offer',
            url,
            price: price(result.hourly_price_cents),
            priceCurrency: CURRENCY,
            availability: 'https://schema.org/InStock',
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: price(result.hourly_price_cents),
              priceCurrency: CURRENCY,
              unitCode: 'HUR',
              unitText: 'hour',
            },
          },
          ...(result.rating_count > 0 && result.rating_average !== null
            ? {
                aggregateRating: {
                  '@type': 'AggregateRating',
                  ratingValue: result.rating_average,
                  reviewCount: result.rating_count,
                  bestRating: 5,
                  worstRating: 1,
                },
              }
            : {}),
        },
      };
    }),
  };
}

/**
 * JSON for an inline <script>: `<`, `>` and `&` become \u escapes, so a listing title holding
 * `</script>` cannot end the element, and the line separators JavaScript once choked on go too.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
