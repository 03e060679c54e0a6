import { pageMeta } from '../meta.ts';

/**
 * A landing page's meta tags: the usual title and description, plus its absolute canonical URL
 * (from the server's APP_URL, so shared links and search engines agree on one address).
 */
export function landingMeta({
  title,
  description,
  path,
  appUrl,
}: {
  title: string;
  description: string;
  path: string;
  appUrl: string | undefined;
}) {
  const meta: ReturnType<typeof pageMeta> = pageMeta(title, description);
  if (!appUrl) return meta;
  const url = `${appUrl}${path}`;
  return [
    ...meta,
    { tagName: 'link' as const, rel: 'canonical', href: url },
    { property: 'og:url', content: url },
  ];
}
