import { LandingProviders } from '../features/site/landing-page';
import { Tooltip } from './lazy-tooltip';

/** Every lazy part a server-rendered page can show at once: the server loads them all before its first render. */
export const RENDERED_PARTS = [Tooltip, LandingProviders];

/**
 * The lazy parts a rendered page shows at once (the top bar's tooltips, the landing page's provider cards): the
 * browser loads them before hydrating (main.tsx), the server names their scripts in the page (entry-server.tsx).
 */
export function renderedParts(pathname: string) {
  return pathname === '/' ? RENDERED_PARTS : [Tooltip];
}
