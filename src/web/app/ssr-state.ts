import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page hands to the browser: the query cache it rendered with and react-router's state. A
 * JSON data block, not a script: the Content-Security-Policy allows no inline script.
 */
export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
}

export const SSR_STATE_ELEMENT_ID = '__SKILLNEST_STATE__';

/** The state as the data block's text: `<` escaped, so no text in it (a service title) can close the element. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state the server rendered this page with; null for the plain shell. */
export function readSsrState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}

/**
 * What the server found missing (an unknown service) stays so while the page hydrates: an errored query would
 * otherwise show its loading state and ask again on mount, unlike the server's HTML. Called on both sides.
 */
export function keepServerErrors(queryClient: QueryClient, queries: DehydratedState): void {
  for (const query of queries.queries) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}
