import { data } from 'react-router';
import { pageUrl } from '../lib/route-query.ts';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  throw data({ path: url.pathname + url.search }, { status: 404 });
}

export function meta() {
  return [{ title: 'Page Not Found · Privy' }];
}

export default function NotFound() {
  return null;
}
