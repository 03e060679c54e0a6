/** The location route's loader and meta as React Router calls them, and the sitemap against the route table. */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { insertHost, northOf } from '../../../server/domains/availability/search-test-support.ts';
import { ROBOTS_DISALLOWED, SITEMAP_STATIC_PATHS } from '../../../server/domains/seo/public-pages.ts';
import { AUSTIN, insertBathroomIn } from '../../../server/domains/seo/seo-test-support.ts';
import { describeWithApp } from '../../../server/test/harness.ts';
import { servicesContext } from '../../lib/context.ts';
import { loader, meta } from '../../routes/seo/location.tsx';
import routes from '../../routes.ts';
import { itemListJsonLd, serializeJsonLd } from './structured-data.ts';

const ORIGIN = 'http://localhost:3000';

function argsFor(services: unknown, path: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as never);
  const location = decodeURIComponent(path.split('/')[2] ?? '');
  return { request: new Request(`${ORIGIN}${path}`), context, params: { location } } as never;
}

type Meta = Record<string, string>;
const find = (tags: Meta[], key: string, value: string) => tags.find((tag) => tag[key] === value);

describeWithApp('location page loader and meta', (ctx) => {
  it('renders a known city with its published bathrooms, canonical URL, link previews and structured data', async () => {
    const { services } = ctx();
    const hostId = await insertHost(services.db);
    const rated = await insertBathroomIn(services.db, {
      hostId,
      city: 'Austin',
      stateCode: 'TX',
      title: 'Sunny </script> loo & spa',
      ...northOf(AUSTIN, 1),
      rating: 4.7,
      ratingCount: 12,
      priceCents: 1250,
      coverKey: 'images/bathroom/sunny',
    });
    const fresh = await insertBathroomIn(services.db, { hostId, city: 'Austin', stateCode: 'TX', ...AUSTIN });
    const draft = await insertBathroomIn(services.db, {
      hostId,
      city: 'Austin',
      stateCode: 'TX',
      ...AUSTIN,
      status: 'draft',
    });

    const data = await loader(argsFor(services, '/bathrooms-in/austin-tx'));
    expect(data.page.results.map((result) => result.id)).toEqual([rated, fresh]);
    expect(data.page.results.map((result) => result.id)).not.toContain(draft);

    const tags = meta({ loaderData: data } as never) as Meta[];
    expect(find(tags, 'title', 'Private bathrooms in Austin, TX · Privy')).toBeDefined();
    expect(find(tags, 'name', 'description')?.content).toBe(
      '2 clean, private bathrooms in Austin, TX, hosted by locals. Prices: $10 to $12.50 an hour. See photos, opening hours and accessibility, then book by the quarter hour.',
    );
    expect(find(tags, 'rel', 'canonical')).toEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${ORIGIN}/bathrooms-in/austin-tx`,
    });
    expect(find(tags, 'property', 'og:url')?.content).toBe(`${ORIGIN}/bathrooms-in/austin-tx`);
    expect(find(tags, 'property', 'og:title')?.content).toBe('Private bathrooms in Austin, TX · Privy');
    expect(find(tags, 'property', 'og:image')?.content).toBe(
      `${ORIGIN}/uploads/images/bathroom/sunny@1x.webp`,
    );
    expect(find(tags, 'name', 'robots')).toBeUndefined();

    const jsonLd = itemListJsonLd({
      origin: ORIGIN,
      name: 'Private bathrooms in Austin, TX',
      url: `${ORIGIN}/bathrooms-in/austin-tx`,
      ordered: false,
      results: data.page.results,
    });
    const text = serializeJsonLd(jsonLd);
    // A host's title cannot close the script element; the data still reads back unchanged.
    expect(text).not.toContain('</script>');
    expect(text).not.toContain('&');
    const parsed = JSON.parse(text);
    expect(parsed).toEqual(jsonLd);
    expect(parsed).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: 2 });
    expect(parsed.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      item: expect.objectContaining({
        '@type': 'Product',
        name: 'Sunny </script> loo & spa',
        url: `${ORIGIN}/bathrooms/${rated}`,
        image: `${ORIGIN}/uploads/images/bathroom/sunny@1x.webp`,
        offers: expect.objectContaining({
          '@type': 'Offer',
          price: '12.50',
          priceCurrency: 'USD',
          url: `${ORIGIN}/bathrooms/${rated}`,
        }),
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.7,
          reviewCount: 12,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    });
    // No reviews yet: no rating at all, rather than a zero.
    expect(parsed.itemListElement[1].item.aggregateRating).toBeUndefined();
  });

  it('points "properties" pages at the "bathrooms" page as canonical, and keeps empty pages out of the index', async () => {
    const { services } = ctx();
    const hostId = await insertHost(services.db);
    await insertBathroomIn(services.db, { hostId, city: 'Austin', stateCode: 'TX', ...AUSTIN });

    const properties = await loader(argsFor(services, '/properties-near/austin-tx'));
    const tags = meta({ loaderData: properties } as never) as Meta[];
    expect(find(tags, 'title', 'Bathroom properties near Austin, TX · Privy')).toBeDefined();
    expect(find(tags, 'rel', 'canonical')?.href).toBe(`${ORIGIN}/bathrooms-near/austin-tx`);

    const empty = await loader(argsFor(services, '/bathrooms-in/dallas-tx'));
    expect(empty.page.total).toBe(0);
    const emptyTags = meta({ loaderData: empty } as never) as Meta[];
    expect(find(emptyTags, 'name', 'robots')?.content).toBe('noindex, follow');
    expect(find(emptyTags, 'rel', 'canonical')?.href).toBe(`${ORIGIN}/bathrooms-in/dallas-tx`);
  });

  it('redirects other spellings with a 301 and answers an unknown place with a 404 and suggestions', async () => {
    const { services } = ctx();
    const moved = await loader(argsFor(services, '/bathrooms-near/New-York-City-NY')).catch(
      (thrown: unknown) => thrown,
    );
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get('location')).toBe('/bathrooms-near/new-york-ny');

    await expect(loader(argsFor(services, '/properties-in/austn-tx'))).rejects.toMatchObject({
      init: { status: 404 },
      data: {
        path: '/properties-in/austn-tx',
        kind: 'properties-in',
        suggestions: expect.arrayContaining([expect.objectContaining({ slug: 'austin-tx' })]),
      },
    });
    const tags = meta({ loaderData: undefined } as never) as Meta[];
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex');
  });
});

/** Paths of the route table without parameters, with the module that serves each. */
function staticPaths(entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const own =
      (entry.index || entry.path) && !path.includes(':') && !path.includes('*')
        ? [{ path, file: entry.file }]
        : [];
    return [...own, ...staticPaths(entry.children ?? [], path)];
  });
}

describe('sitemap pages', () => {
  const table = staticPaths(routes);

  it('names only pages that exist, and every public page', () => {
    const paths = table.map((route) => route.path);
    for (const path of SITEMAP_STATIC_PATHS) expect(paths, path).toContain(path);
    const publicPages = table.filter((route) => /^routes\/(public|seo)\//.test(route.file));
    for (const route of publicPages)
      expect(SITEMAP_STATIC_PATHS as readonly string[], route.file).toContain(route.path);
  });

  it('names no page robots.txt tells crawlers to skip', () => {
    for (const path of SITEMAP_STATIC_PATHS) {
      const blocked = ROBOTS_DISALLOWED.some((rule) =>
        rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule),
      );
      expect(blocked, path).toBe(false);
    }
  });
});
