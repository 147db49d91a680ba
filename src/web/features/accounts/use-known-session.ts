import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signInPathFor } from '../../../domain/redirect';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSession } from './api';

/**
 * The account once the session is known: public pages render before it has loaded (first paint), so a
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

/**
 * For a press only a member can make (Request, Report, Send offer): resolves to the member, once the session is
 * known; a visitor is told why (`reason`, the spec's toast, when the press has one) and sent to sign in, to come
 * back to this page after, and it resolves to null.
 */
export function useMemberOrSignIn() {
  const { account } = useSession();
  const knownSession = useKnownSession();
  const navigate = useNavigate();
  return useCallback(
    async (reason?: string) => {
      const member = account !== undefined ? account : await knownSession();
      if (member) return member;
      if (reason) toast.info(reason);
      // The address is read at the press, not as a hook: every card would render again at each change of it.
      void navigate(signInPathFor(`${window.location.pathname}${window.location.search}`));
      return null;
    },
    [account, knownSession, navigate],
  );
}
