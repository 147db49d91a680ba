import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/**
 * Page widths (issue 16: one container, not seven). `wide` lines pages up with the footer and the landing page
 * (listings, dashboards, detail and profile pages); `narrow` keeps a line of text or a form readable (settings, forms,
 * lists of conversations, static pages). The padding is the same everywhere, so edges do not jump between pages.
 */
const WIDTHS = { wide: 'max-w-6xl', narrow: 'max-w-3xl' } as const;

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
