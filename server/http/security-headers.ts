import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /** The script nonce of this response's CSP; empty on anything but a page. */
    cspNonce: string;
  }
  interface FastifyContextConfig {
    /**
     * `'page'`: an HTML page (or its data) with inline scripts, so its CSP carries a fresh nonce.
     * `false`: no browser security headers (health probes, which answer load balancers).
     * Unset: the JSON API, static files and everything else: the same headers, no nonce.
     */
    securityHeaders?: 'page' | false;
  }
}

export type SecurityHeadersOptions = {
  /** Vite's dev client injects inline scripts and talks to its HMR socket. */
  isDev: boolean;
  /** Strict-Transport-Security only where the app is served over https. */
  hsts: boolean;
  /** Extra img-src entries (the map tile server). */
  imageSources: string[];
  /**
   * Extra form-action entries: the outside sign-in providers a form's redirect may lead to, so
   * "Continue with …" works before scripts too (ADR 143).
   */
  formTargets?: string[];
};

type NonceCarrier = IncomingMessage & { cspNonce?: string };

function helmetOptions(options: SecurityHeadersOptions, scriptSrc: HelmetOptions['contentSecurityPolicy']) {
  return {
    hsts: options.hsts,
    contentSecurityPolicy: scriptSrc,
    crossOriginEmbedderPolicy: false,
    // no-referrer makes Chromium send `Origin: null` on plain form posts, which React Router's
    // CSRF check rightly refuses; this policy keeps the origin and still hides paths cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  } satisfies HelmetOptions;
}

type ScriptSource = string | ((req: IncomingMessage) => string);

function policy(options: SecurityHeadersOptions, scriptSrc: ScriptSource[]) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc,
      // Mantine sets style attributes, which nonces cannot cover.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...options.imageSources],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      formAction: ["'self'", ...(options.formTargets ?? [])],
      upgradeInsecureRequests: null,
    },
  };
}

/**
 * Helmet's headers on every response but the probes' (ADR 016, ADR 101). Both middlewares are built
 * once here: @fastify/helmet rebuilt helmet, and re-parsed the whole policy, on every request. Only
 * pages get a nonce: a JSON answer or a static file runs no inline script, and a fresh nonce cost
 * as much as the rest of a probe's JavaScript.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const self = "'self'";
  const nonceSource = (req: IncomingMessage) => `'nonce-${(req as NonceCarrier).cspNonce ?? ''}'`;
  // A nonce next to 'unsafe-inline' would switch 'unsafe-inline' off, so development has none.
  const pageScripts: ScriptSource[] = options.isDev ? [self, "'unsafe-inline'"] : [self, nonceSource];
  const otherScripts: ScriptSource[] = options.isDev ? [self, "'unsafe-inline'"] : [self];
  const forPage = helmet(helmetOptions(options, policy(options, pageScripts)));
  const forOthers = helmet(helmetOptions(options, policy(options, otherScripts)));

  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    const kind = request.routeOptions.config.securityHeaders;
    if (kind === false) return done();
    // Helmet hands a thrown policy error to `next`; Fastify answers it through the error handler.
    const next = done as (error?: unknown) => void;
    const res = reply.raw as ServerResponse;
    if (kind !== 'page') return forOthers(request.raw, res, next);
    request.cspNonce = randomBytes(16).toString('base64');
    (request.raw as NonceCarrier).cspNonce = request.cspNonce;
    return forPage(request.raw, res, next);
  });
}
