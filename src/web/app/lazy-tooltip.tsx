import { Suspense, type ReactNode } from 'react';
import { preloadableLazy } from './preloadable-lazy';

export const Tooltip = preloadableLazy(async () => (await import('../ui/tooltip')).Tooltip);

/**
 * The top bar's tooltips: the control works at once and gains its tooltip when the tooltip chunk arrives (a
 * server-rendered bar hydrates in place); the landing page's first JavaScript does not carry Radix's popper.
 */
export function LazyTooltip({
  content,
  side,
  children,
}: {
  content: ReactNode;
  side?: 'left' | 'right' | 'top' | 'bottom';
  children: ReactNode;
}) {
  return (
    <Suspense fallback={children}>
      <Tooltip content={content} side={side}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
