import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export type PageWidth = 'wide' | 'narrow';

/** The one page box: the width, and the padding, tighter on phones so results and forms start on the first screen. */
const PAGE = 'mx-auto w-full max-w-6xl px-4 py-6 md:py-8';
const COLUMN = 'flex w-full flex-col gap-4 md:gap-6';

/**
 * One page width, lined up with the top bar, the footer and the landing page, so a page's heading and
 * back link start at the same place on every page. `narrow` keeps what is in it (a form, a line of text, a list of
 * conversations) readable: a column of at most 48rem from that same left edge.
 */
export function PageContainer({ width = 'wide', className, ...props }: ComponentProps<'div'> & { width?: PageWidth }) {
  if (width === 'wide') return <div className={cn(PAGE, COLUMN, className)} {...props} />;
  return (
    <div className={PAGE}>
      <div className={cn(COLUMN, 'max-w-3xl', className)} {...props} />
    </div>
  );
}

/** A page that is only a message (not found, no access, signed out), centred. */
export function PageMessage({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center', className)}
      {...props}
    />
  );
}
