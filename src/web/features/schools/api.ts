import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_TEXTS } from '../../../domain/schools';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

/** The member's own school address as Settings shows it; null when they gave none. */
export type MySchoolEmail = inferRouterOutputs<AppRouter>['schools']['mine'];

/** The member's own school address and its state (Settings only). */
export function useMySchoolEmail(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.schools.mine.queryOptions(), enabled });
}

/** Setting, re-sending or removing the address answers the new state: Settings shows it without reading again. */
function useMineUpdate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (state: MySchoolEmail) => {
    queryClient.setQueryData(trpc.schools.mine.queryKey(), state);
  };
}

export function useSetSchoolEmail() {
  const trpc = useTRPC();
  const setMine = useMineUpdate();
  return useMutation(
    withFeedback(trpc.schools.setEmail.mutationOptions({ onSuccess: setMine }), {
      success: SCHOOL_TEXTS.sent,
      failure: SCHOOL_TEXTS.sendFailed,
      reason: 'instead',
    }),
  );
}

export function useResendSchoolLink() {
  const trpc = useTRPC();
  const setMine = useMineUpdate();
  return useMutation(
    withFeedback(trpc.schools.resendLink.mutationOptions({ onSuccess: setMine }), {
      success: SCHOOL_TEXTS.sent,
      failure: SCHOOL_TEXTS.sendFailed,
      reason: 'instead',
    }),
  );
}

export function useRemoveSchoolEmail() {
  const trpc = useTRPC();
  const setMine = useMineUpdate();
  return useMutation(
    withFeedback(trpc.schools.removeEmail.mutationOptions({ onSuccess: () => setMine(null) }), {
      success: SCHOOL_TEXTS.removed,
      failure: SCHOOL_TEXTS.removeFailed,
    }),
  );
}

/** The link's page: one confirmation per token (the page guards against a second call). */
export function useVerifySchoolEmail() {
  const trpc = useTRPC();
  return useMutation(trpc.schools.verify.mutationOptions());
}

// --- /admin/schools ---

export function useSchools() {
  const trpc = useTRPC();
  return useQuery(trpc.schools.list.queryOptions());
}

/** After an admin change the list is read again: an admin page, one query of at most SCHOOL_LIMITS.schoolsMax rows. */
function useRefreshSchools() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.schools.list.queryKey() });
}

export function useCreateSchool() {
  const trpc = useTRPC();
  const onSuccess = useRefreshSchools();
  return useMutation(
    withFeedback(trpc.schools.create.mutationOptions({ onSuccess }), {
      success: SCHOOL_TEXTS.added,
      failure: SCHOOL_TEXTS.addFailed,
    }),
  );
}

export function useRenameSchool() {
  const trpc = useTRPC();
  const onSuccess = useRefreshSchools();
  return useMutation(
    withFeedback(trpc.schools.rename.mutationOptions({ onSuccess }), {
      success: SCHOOL_TEXTS.renamed,
      failure: SCHOOL_TEXTS.renameFailed,
    }),
  );
}

export function useRemoveSchool() {
  const trpc = useTRPC();
  const onSuccess = useRefreshSchools();
  return useMutation(
    withFeedback(trpc.schools.remove.mutationOptions({ onSuccess }), {
      success: SCHOOL_TEXTS.schoolRemoved,
      failure: SCHOOL_TEXTS.schoolRemoveFailed,
    }),
  );
}

export function useAddSchoolDomain() {
  const trpc = useTRPC();
  const onSuccess = useRefreshSchools();
  return useMutation(
    withFeedback(trpc.schools.addDomain.mutationOptions({ onSuccess }), {
      success: SCHOOL_TEXTS.domainAdded,
      failure: SCHOOL_TEXTS.domainAddFailed,
    }),
  );
}

export function useRemoveSchoolDomain() {
  const trpc = useTRPC();
  const onSuccess = useRefreshSchools();
  return useMutation(
    withFeedback(trpc.schools.removeDomain.mutationOptions({ onSuccess }), {
      success: SCHOOL_TEXTS.domainRemoved,
      failure: SCHOOL_TEXTS.domainRemoveFailed,
    }),
  );
}
