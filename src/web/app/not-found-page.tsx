import { Link, useLocation } from 'react-router';
import { Button } from '../ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">
        We couldn't find <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">{pathname}</code>.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/discover-services">Discover Services</Link>
        </Button>
      </div>
    </div>
  );
}
