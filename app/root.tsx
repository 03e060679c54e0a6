import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { requestInfoContext, servicesContext } from './lib/context.ts';
import { toClientViewer } from './lib/viewer.ts';
import { AccountGate } from './ui/account-gate.tsx';
import { ErrorPage } from './ui/error-page.tsx';
import { InactivityReload } from './ui/inactivity-reload.tsx';
import { theme } from './ui/theme.ts';
import { ToastAreas } from './ui/toasts.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await services.auth.getViewer(request.headers);
  return {
    viewer: toClientViewer(viewer),
    nonce: context.get(requestInfoContext).nonce,
    isProduction: services.config.isProduction,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

type ColorHandle = { forceColorScheme?: 'light' | 'dark' | 'system' };

/** A page may force light or dark via its route handle; forcing "system" is ignored (spec §4). */
function useForcedColorScheme(): 'light' | 'dark' | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const forced = (matches[i]?.handle as ColorHandle | undefined)?.forceColorScheme;
    if (forced === 'light' || forced === 'dark') return forced;
    if (forced === 'system') {
      if (typeof window !== 'undefined')
        console.warn('A page cannot force the "system" colour scheme; ignoring it.');
      return undefined;
    }
  }
  return undefined;
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
          {...(forced ? { forceColorScheme: forced } : {})}
        >
          <ToastAreas />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <>
      <InactivityReload />
      <AccountGate viewer={data?.viewer ?? null}>
        <Outlet />
      </AccountGate>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
