import { locationPath } from '../../../common/schemas/seo.ts';
import type { CityWithBathrooms } from './location-pages.ts';
import { ROBOTS_DISALLOWED, SITEMAP_MAX_URLS, SITEMAP_STATIC_PATHS } from './public-pages.ts';

export type SitemapEntry = { loc: string; lastmod?: Date };

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/**
 * The sitemap's URLs: the public pages, the location pages of cities with at least one bathroom
 * (their "in" and "near" pages; "properties" pages name these as canonical, so they stay out),
 * and every published bathroom, newest first, up to the protocol's 50,000.
 */
export function sitemapEntries(
  appUrl: string,
  cities: CityWithBathrooms[],
  bathrooms: { id: string; updated_at: Date }[],
): SitemapEntry[] {
  const entries: SitemapEntry[] = SITEMAP_STATIC_PATHS.map((path) => ({ loc: `${appUrl}${path}` }));
  for (const { city } of cities) {
    entries.push({ loc: `${appUrl}${locationPath('bathrooms-in', city.slug)}` });
    entries.push({ loc: `${appUrl}${locationPath('bathrooms-near', city.slug)}` });
  }
  for (const bathroom of bathrooms.slice(0, Math.max(0, SITEMAP_MAX_URLS - entries.length))) {
    entries.push({ loc: `${appUrl}/bathrooms/${bathroom.id}`, lastmod: bathroom.updated_at });
  }
  return entries;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(entry.loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
