import { useEffect } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { Button } from '../ui/button';

/** Spec 1 section 8's text for an error nothing more specific explains. */
const UNEXPECTED = 'An unexpected error occurred.';
const RELOADED_KEY = 'reloaded-for-chunk';

/**
 * A page's code failed to load after a new version was deployed (its old file names are gone): the browser is still
 * running the previous build. One reload fetches the new one; the flag stops a loop if the network is the problem.
 */
function isStaleBuild(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** Inside the shell, so the top bar and menu still work when one page fails. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const stale = isStaleBuild(error);
  const reloadOnce = stale && sessionStorage.getItem(RELOADED_KEY) !== pathname;

  useEffect(() => {
    if (reloadOnce) {
      sessionStorage.setItem(RELOADED_KEY, pathname);
      window.location.reload();
    } else {
      console.error(error);
    }
  }, [reloadOnce, pathname, error]);

  if (reloadOnce) return null;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">{UNEXPECTED}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
        <Button variant="outline" asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
