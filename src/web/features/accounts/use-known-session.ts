import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * The account once the session is known: public pages render before it has loaded (issue 16, first paint), so a
 * fast click on Request or Report must wait for it instead of taking "not loaded yet" for "signed out" and sending
 * a signed-in member to sign in. Null for a visitor, or when the session cannot be read.
 */
export function useKnownSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.ensureQueryData({ ...trpc.accounts.me.queryOptions(), staleTime: 5 * 60_000 }).catch(() => null),
    [queryClient, trpc],
  );
}
