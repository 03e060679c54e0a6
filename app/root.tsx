// Only the Mantine stylesheets the app uses, split by page (mantine-base.css says how; ADR 082).
import './ui/mantine-base.css';
import './ui/global.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { Suspense } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { NotificationsProvider } from './features/notifications/notifications-provider.tsx';
import { StripeBanner } from './features/payments/stripe-banner.tsx';
import { RealtimeProvider } from './features/realtime/realtime-provider.tsx';
import { ReloadOnSessionEnd } from './features/realtime/reload-on-session-end.tsx';
import { requestInfoContext, servicesContext } from './lib/context.ts';
import { lazyPart } from './lib/patient-import.ts';
import { toClientViewer } from './lib/viewer.ts';
import { AccountGate } from './ui/account-gate.tsx';
import { EARLY_TAP_SCRIPT } from './ui/early-taps.ts';
import { forcedColorScheme } from './ui/forced-color-scheme.ts';
import { InactivityReload } from './ui/inactivity-reload.tsx';
import { SessionOverlay } from './ui/session-overlay.tsx';
import { theme } from './ui/theme.ts';
import { ThemeCssVariables } from './ui/theme-css-variables.tsx';
import { useToastsShown } from './ui/toasts.tsx';
import { useLive } from './ui/use-live.ts';
import { ZOD_JITLESS_SCRIPT } from './ui/zod-jitless.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // Sessions live only in cookies: a request without any is anonymous, and skips better-auth's
  // session lookup (most first visits, every crawler).
  const viewer = request.headers.has('cookie') ? await services.auth.getViewer(request.headers) : null;
  // This process's copy of the admins' settings (ADR 140): no query on most requests. A process
  // that has never reached the database still draws its pages, with the defaults (ADR 107).
  const settings = await services.settings.current().catch(() => services.settings.defaults);
  return {
    viewer: toClientViewer(viewer),
    nonce: context.get(requestInfoContext).nonce,
    isProduction: services.config.isProduction,
    supportEmail: settings.supportEmail,
    /** Admins may switch the quick-book path off: its buttons are then not drawn (ADR 140). */
    goNowEnabled: settings.goNowEnabled,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

const ToastAreas = lazyPart(() => import('./ui/toast-areas.tsx'));
// Signed-in only, and nothing to draw: its code loads after the page, beside it (ADR 121).
const MessageAlertsRunner = lazyPart(() => import('./features/message-alerts/message-alerts-provider.tsx'));
// Error pages are rare: their code loads when one is shown (its page hydrates once it is there).
const ErrorPage = lazyPart(() =>
  import('./ui/error-page.tsx').then((module) => ({ default: module.ErrorPage })),
);

/**
 * The toast areas hold nothing until the browser shows a toast, yet rendering their empty
 * containers (six positions × three stores) cost ~5% of every server render, and their code a
 * tenth of the home page's JavaScript: they load and mount once the page is live and a toast has
 * been shown (ADR 147). A toast shown before that waits in its store and appears once they mount.
 */
function ClientToastAreas() {
  const live = useLive();
  const shown = useToastsShown();
  return live && shown ? (
    <Suspense fallback={null}>
      <ToastAreas />
    </Suspense>
  ) : null;
}

/** A page may force light or dark via its route handle (see forced-color-scheme.ts). */
function useForcedColorScheme(): 'light' | 'dark' | undefined {
  const handles = useMatches().map((match) => match.handle);
  // Warn only in the browser, so the server log does not repeat it for every render.
  return forcedColorScheme(handles, typeof window === 'undefined' ? () => {} : console.warn);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = data?.nonce || undefined;
  const forced = useForcedColorScheme();
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#099268" />
        {/* First, so a tap on Go now before the page is live is not lost (early-taps.ts), and zod
            builds its schemas without eval (zod-jitless.ts). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, under the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_TAP_SCRIPT + ZOD_JITLESS_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <ColorSchemeScript
          nonce={nonce}
          defaultColorScheme="auto"
          {...(forced ? { forceColorScheme: forced } : {})}
        />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          defaultColorScheme="auto"
          // Written once from a constant instead of being rebuilt for every render.
          withCssVariables={false}
          {...(forced ? { forceColorScheme: forced } : {})}
        >
          <ThemeCssVariables />
          <ClientToastAreas />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const viewer = root?.viewer ?? null;
  // Live subscriptions run only for a signed-in account in good standing (the server refuses
  // others' sockets); signing out unmounts them, which stops the socket, zeroes the count and
  // clears recent alerts (spec §4).
  const liveUserId = viewer && !viewer.profile.is_deleted && viewer.profile.is_active ? viewer.id : null;
  // Signing out stops the live parts at once: the socket, and the message alerts, which load lazily
  // beside the page; one arriving while the account signs out would ask for its count after the
  // session is gone and be refused (a 401 in the console).
  const signingOut = useNavigation().formAction === '/logout';
  return (
    <RealtimeProvider
      userId={signingOut ? null : liveUserId}
      sessionId={signingOut || !liveUserId ? null : (viewer?.sessionId ?? null)}
    >
      <InactivityReload />
      <ReloadOnSessionEnd />
      <SessionOverlay />
      <AccountGate viewer={viewer} supportEmail={root?.supportEmail}>
        {liveUserId ? (
          <NotificationsProvider key={liveUserId} userId={liveUserId}>
            <Outlet />
            {!signingOut && (
              <Suspense fallback={null}>
                <MessageAlertsRunner key={liveUserId} userId={liveUserId} />
              </Suspense>
            )}
          </NotificationsProvider>
        ) : (
          <Outlet />
        )}
        <StripeBanner viewer={viewer} />
      </AccountGate>
    </RealtimeProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const viewer = root?.viewer ?? null;
  // A blocked account's pages refuse with 403; what it must see is the gate, not an error page.
  if (viewer && (viewer.profile.is_deleted || !viewer.profile.is_active)) {
    return <AccountGate viewer={viewer} supportEmail={root?.supportEmail} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    const path =
      typeof error.data === 'object' && error.data && 'path' in error.data
        ? String(error.data.path)
        : undefined;
    return <ErrorPage status={404} path={path} />;
  }
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
