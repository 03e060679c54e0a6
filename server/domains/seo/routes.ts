import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';

/**
 * /sitemap.xml and /robots.txt (ADR 077): plain Fastify routes rather than React Router resource
 * routes, since they are documents for crawlers with no page, layout or session around them.
 * Neither takes input. They sit at the site root, where crawlers look; the pages own the rest.
 */
export async function seoRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { seo } = options.services;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await seo.sitemapXml();
    // A short shared cache: crawlers fetch it often, and a new listing should show up within minutes.
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(seo.robotsTxt()),
  );
}
