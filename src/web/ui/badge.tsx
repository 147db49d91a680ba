import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: 'default' | 'outline' | 'success' | 'warning' | 'destructive' | 'gold' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        variant === 'default' && 'bg-primary text-primary-foreground',
        variant === 'outline' && 'border text-foreground',
        variant === 'success' && 'bg-green-700 text-white',
        variant === 'warning' && 'bg-amber-500 text-amber-950',
        // Not the theme's destructive: white on its dark-mode red (#f87171) fails contrast.
        variant === 'destructive' && 'bg-red-700 text-white',
        variant === 'gold' && 'bg-amber-400 text-amber-950',
        className,
      )}
      {...props}
    />
  );
}
