import { isRouteErrorResponse } from 'react-router';
import { ErrorPage } from '../../ui/error-page.tsx';
import { ForbiddenPage } from './forbidden-page.tsx';

/** The ErrorBoundary of every /manage page: 403 says why, anything else the standard page. */
export function ManageErrorBoundary({ error, hostOnly }: { error: unknown; hostOnly?: boolean }) {
  if (isRouteErrorResponse(error) && error.status === 403 && error.data !== 'Account blocked') {
    return <ForbiddenPage hostOnly={hostOnly ?? error.data === 'Hosts only'} />;
  }
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
