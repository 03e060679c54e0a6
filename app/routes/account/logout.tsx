import { redirect } from 'react-router';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/logout';

/** Sign-out goes to /login (spec §2); the session cookie is cleared by better-auth's response. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const response = await services.betterAuth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect('/login', { headers });
}

export function loader() {
  return redirect('/');
}
