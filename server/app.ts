import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { providerRequestRoutes } from './domains/admin/provider-request-routes.ts';
import { adminRoutes } from './domains/admin/routes.ts';
import { analyticsRoutes } from './domains/analytics/routes.ts';
import { auditRoutes } from './domains/audit/routes.ts';
import { emailChangeRoutes } from './domains/auth/email-change-routes.ts';
import { identityRoutes } from './domains/auth/identity-routes.ts';
import { profileRoutes } from './domains/auth/profile-routes.ts';
import { reauthenticationRoutes } from './domains/auth/reauthentication-routes.ts';
import { authRoutes } from './domains/auth/routes.ts';
import { availabilityRoutes } from './domains/availability/routes.ts';
import { blackoutRoutes } from './domains/blackouts/routes.ts';
import { bookingRoutes } from './domains/bookings/routes.ts';
import { calendarRoutes } from './domains/calendar/routes.ts';
import { databaseSetupRoutes } from './domains/database-setup/routes.ts';
import { emailRoutes } from './domains/email/routes.ts';
import { messagingRoutes } from './domains/messaging/routes.ts';
import { notificationRoutes } from './domains/notifications/routes.ts';
import { paymentRoutes } from './domains/payments/routes.ts';
import { earningsRoutes } from './domains/payouts/earnings-routes.ts';
import { payoutRoutes } from './domains/payouts/routes.ts';
import { placesRoutes } from './domains/places/routes.ts';
import { moderationRoutes } from './domains/properties/moderation-routes.ts';
import { propertyRoutes } from './domains/properties/routes.ts';
import { realtimeRoutes } from './domains/realtime/routes.ts';
import { refundRequestRoutes } from './domains/refunds/routes.ts';
import { reviewRoutes } from './domains/reviews/routes.ts';
import { seoRoutes } from './domains/seo/routes.ts';
import { settingsRoutes } from './domains/settings/routes.ts';
import { storageRoutes } from './domains/storage/routes.ts';
import { registerCrossSiteCheck } from './http/cross-site-requests.ts';
import { registerErrorHandler } from './http/errors.ts';
import { operationsRoutes } from './http/operations.ts';
import { createPageCache, isSuccessfulWrite } from './http/page-cache.ts';
import { type ReactRouterOptions, registerReactRouter } from './http/react-router.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { AppServices } from './services.ts';
import { signInProviderOrigins } from './sign-in-provider-config.ts';

export type BuildAppOptions = {
  services: AppServices;
  /** Omit to serve only the API (most integration tests). */
  web?: ReactRouterOptions;
};

/** The CSP img-src entry for the map tile server: its origin, with Leaflet's {s} as a wildcard. */
function tileSources(template: string): string[] {
  if (template.startsWith('/')) return [];
  const match = /^(https?:\/\/[^/]+)/.exec(template.replace('{s}', '*'));
  return match?.[1] ? [match[1]] : [];
}

/** Builds the whole HTTP app on a Fastify instance; main.ts decides how to listen. */
export async function buildApp(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  const { services } = options;
  const isDev = options.web?.mode === 'development';
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { onError: (error) => services.database.health.report(error) });
  // Our JSON API takes JSON (and multipart where it says so); anything else is a 415.
  app.removeContentTypeParser('text/plain');

  // A fresh nonce per page lets our own inline scripts (colour scheme, hydration data) run and
  // nothing else (ADR 016).
  registerSecurityHeaders(app, {
    isDev,
    hsts: services.config.appUrl.startsWith('https://'),
    imageSources: tileSources(services.config.mapTileUrl),
    formTargets: signInProviderOrigins(services.config.signInProviders),
  });
  registerCrossSiteCheck(app, { appUrl: services.config.appUrl });
  // Anonymous pages are kept a few seconds (ADR 096); any write this process serves empties them.
  const pageCache =
    options.web?.mode === 'production' && services.config.pageCacheSeconds > 0
      ? createPageCache({ ttlMs: services.config.pageCacheSeconds * 1000 })
      : null;
  if (pageCache) {
    app.addHook('onResponse', (request, reply, done) => {
      if (isSuccessfulWrite(request.method, reply.statusCode)) pageCache.clear();
      done();
    });
  }
  // Budgets live in the database, so every process behind one address enforces the same limit
  // (ADR 111); a lost database fails the limited request with a 503 like any other query.
  await app.register(fastifyRateLimit, { global: false, store: services.rateLimits.Store });
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Privy API', version: '0.1.0', description: 'The HTTP API behind Privy.' },
    },
    transform: jsonSchemaTransform,
  });
  // The document stays (tests and the fuzzer read it); the browser for it is a setting (ADR 108).
  if (services.config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(operationsRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(identityRoutes, { services });
  await app.register(emailChangeRoutes, { services });
  await app.register(reauthenticationRoutes, { services });
  await app.register(emailRoutes, { services });
  await app.register(storageRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(realtimeRoutes, { services });
  await app.register(notificationRoutes, { services });
  await app.register(providerRequestRoutes, { services });
  await app.register(availabilityRoutes, { services });
  await app.register(bookingRoutes, { services });
  await app.register(reviewRoutes, { services });
  await app.register(messagingRoutes, { services });
  await app.register(propertyRoutes, { services });
  await app.register(moderationRoutes, { services });
  await app.register(placesRoutes, { services });
  await app.register(seoRoutes, { services });
  await app.register(paymentRoutes, { services });
  await app.register(blackoutRoutes, { services });
  await app.register(calendarRoutes, { services });
  await app.register(refundRequestRoutes, { services });
  await app.register(settingsRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(earningsRoutes, { services });
  await app.register(payoutRoutes, { services });
  await app.register(analyticsRoutes, { services });
  await app.register(databaseSetupRoutes, { services });

  if (options.web) await registerReactRouter(app, services, { ...options.web, pageCache });
}
