import { useMediaQuery } from '../../lib/use-media-query';

/**
 * Whether the screen is lg (64rem) or wider: from there the chat has room for a side panel beside its messages.
 * Rendered one way or the other, not both hidden by CSS: the payment panel's controls exist once on the page.
 */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 64rem)');
}
