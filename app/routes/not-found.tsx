import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw data({ path: url.pathname + url.search }, { status: 404 });
}

export function meta() {
  return [{ title: 'Page Not Found · Privy' }];
}

export default function NotFound() {
  return null;
}
