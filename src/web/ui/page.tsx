import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/**
 * One page width (issue 16), lined up with the top bar, the footer and the landing page, so a page's heading and
 * back link start at the same place on every page. `narrow` keeps what is in it (a form, a line of text, a list of
 * conversations) readable: its content takes at most 48rem of that width, from the same left edge.
 */
const WIDTHS = { wide: 'max-w-6xl', narrow: 'max-w-6xl [&>*]:max-w-3xl' } as const;

export type PageWidth = keyof typeof WIDTHS;

export function PageContainer({ width = 'wide', className, ...props }: ComponentProps<'div'> & { width?: PageWidth }) {
  return (
    <div
      // Tighter on phones, so results and forms start on the first screen (issue 16 section 4).
      className={cn('mx-auto flex w-full flex-col gap-4 px-4 py-6 md:gap-6 md:py-8', WIDTHS[width], className)}
      {...props}
    />
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
