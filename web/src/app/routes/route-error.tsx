import { useRouteError } from 'react-router';
import { PageError } from '@web/components/page-error';

/** A page's code failed to load (offline, or a new deploy replaced it) or threw: reloading fetches the current build. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <PageError
      message="This page could not be loaded. Check your connection and try again."
      onRetry={() => window.location.reload()}
    />
  );
}
