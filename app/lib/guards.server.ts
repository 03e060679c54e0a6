import { createCookie, type RouterContextProvider, redirect } from 'react-router';
import type { Viewer } from '../../server/domains/auth/auth-service.ts';
import { accountState } from '../../server/domains/auth/auth-service.ts';
import { servicesContext } from './context.ts';
import { pageUrl } from './route-query.ts';

/** Spec §2 login guard: the full path asked for, query included, waits in this cookie during sign-in. */
export const redirectCookie = createCookie('privy.redirect', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 30,
});

/** Only same-site paths may be returned to, so the cookie cannot be used as an open redirect. */
export function safeReturnPath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return null;
  return value;
}

export async function getViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer | null> {
  return context.get(servicesContext).auth.getViewer(request.headers);
}

/** Guard for signed-in pages: anonymous visitors go to /login and come back here afterwards. */
export async function requireViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) {
    const url = pageUrl(request);
    throw redirect('/login', {
      headers: { 'set-cookie': await redirectCookie.serialize(url.pathname + url.search) },
    });
  }
  if (accountState(viewer.profile) !== 'ok') {
    // The root renders the account gate; the page's own data is never sent.
    throw new Response('Account blocked', { status: 403 });
  }
  return viewer;
}

export async function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!viewer.profile.is_admin) throw new Response('Admins only', { status: 403 });
  return viewer;
}

/** Where to go after signing in: the saved path if any, else the dashboard. Clears the cookie. */
export async function takeReturnPath(request: Request): Promise<{ path: string; clearCookie: string }> {
  const saved = safeReturnPath(await redirectCookie.parse(request.headers.get('cookie')));
  return { path: saved ?? '/dashboard', clearCookie: await redirectCookie.serialize('', { maxAge: 0 }) };
}
