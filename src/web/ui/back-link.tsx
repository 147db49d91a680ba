import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';

/**
 * The one way back to a parent page: an arrow and "Back to {place}", `place` as the spec or the side menu names it
 * (Dashboard, Services, Service Requests, Home, Messages, Chat Rooms). `iconOnly` is for tight headers (a chat's):
 * the words are then only for screen readers.
 */
export function BackLink({
  to,
  place,
  iconOnly = false,
  className,
}: {
  to: string;
  place: string;
  iconOnly?: boolean;
  className?: string;
}) {
  const text = `Back to ${place}`;
  if (iconOnly) {
    return (
      <Link
        to={to}
        className={cn(
          'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          className,
        )}
      >
        <ArrowLeft className="h-5 w-5" aria-hidden />
        <span className="sr-only">{text}</span>
      </Link>
    );
  }
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-6 w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {text}
    </Link>
  );
}
