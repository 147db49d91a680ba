import { useMatches } from 'react-router';

/** What a route tells the shell about itself (react-router's `handle`). */
export interface RouteHandle {
  /**
   * A public page the server renders with its data: it shows while the session is still loading, the
   * way the server rendered it, and the signed-in parts fill in after.
   */
  beforeSession?: boolean;
  /** Chat and Messages pages: the marketing footer (newsletter, share buttons) would only take the chat's room. */
  hideFooter?: boolean;
}

/** The handle flags of the current page: any matched route may set them. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const handles = matches.map((match) => (match.handle ?? {}) as RouteHandle);
  return {
    beforeSession: handles.some((h) => h.beforeSession),
    hideFooter: handles.some((h) => h.hideFooter),
  };
}
