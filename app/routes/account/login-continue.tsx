import { redirect } from 'react-router';
import { finishSignIn } from '../../features/auth/actions.server.ts';
import { getViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/login-continue';

/**
 * Where Google, Apple or an OpenID Connect provider lands after a sign-in (ADR 143): on to the page
 * the person was going to (its cookie), as after a password sign-in. No session: back to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getViewer(request, context))) throw redirect('/login');
  throw await finishSignIn(request, []);
}
