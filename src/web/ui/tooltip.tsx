import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** How long a pointer rests on a control before its tooltip shows. */
const TOOLTIP_DELAY_MS = 300;

/**
 * A hover and focus tooltip beside its trigger. It brings its own provider, so no layout needs one: the pages that
 * show no tooltip (the landing page) never load Radix's tooltip and popper.
 */
export function Tooltip({
  content,
  side = 'left',
  children,
}: {
  content: ReactNode;
  side?: 'left' | 'right' | 'top' | 'bottom';
  children: ReactNode;
}) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className="z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
