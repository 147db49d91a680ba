import type { UseMutationOptions } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastFailure } from './network-error';

/**
 * How a failure reads: the spec's text with the server's reason below it (`below`), the server's reason in place of
 * the text when it gave one (`instead`), or the spec's text alone (`none`).
 */
export type FailureReason = 'below' | 'instead' | 'none';

export interface MutationFeedback<TData, TVariables> {
  /** The success toast: the spec's text, or one picked from the answer; nothing when it gives undefined. */
  success?: string | ((data: TData, variables: TVariables) => string | undefined);
  /** The failure toast: the spec's text, or a function that tells the failure itself (a text per refusal). */
  failure?: string | ((error: unknown) => void);
  /** Where the server's reason goes (default `below`, as `toastFailure` does everywhere). */
  reason?: FailureReason;
}

/** The message an error carries, '' when none (a thrown non-error). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** Shows the failure toast for `feedback` (exported for the few failures that do not come from a mutation). */
export function showFailure(feedback: Pick<MutationFeedback<unknown, unknown>, 'failure' | 'reason'>, error: unknown) {
  const { failure, reason = 'below' } = feedback;
  if (failure === undefined) return;
  if (typeof failure === 'function') failure(error);
  else if (reason === 'below') toastFailure(failure, error);
  else if (reason === 'instead') toast.error(messageOf(error) || failure);
  else toast.error(failure);
}

/**
 * A mutation's options with its success and failure toasts added to the mutation's own callbacks. TanStack Query
 * runs those even when the component that started the mutation has unmounted (a card replaced by new results, a
 * dialog closed), while the callbacks given to `mutate()` are dropped with the component: feedback for a click never
 * depends on the clicked component staying mounted. The toast comes first, then the options' own callbacks (cache
 * invalidation, navigation).
 *
 * Callers that await `mutateAsync` for a follow-up (close a form, navigate) must not toast again: use
 * `whenSucceeded` (the failure is already told).
 */
export function withFeedback<TData, TError, TVariables, TOnMutateResult>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  feedback: MutationFeedback<TData, TVariables>,
): UseMutationOptions<TData, TError, TVariables, TOnMutateResult> {
  const { success } = feedback;
  return {
    ...options,
    onSuccess: (data, variables, onMutateResult, context) => {
      const text = typeof success === 'function' ? success(data, variables) : success;
      // The same text again (a second proposal within seconds) replaces the toast still showing instead of stacking
      // a copy of it.
      if (text) toast.success(text, { id: text });
      return options.onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      showFailure(feedback, error);
      return options.onError?.(error, variables, onMutateResult, context);
    },
  };
}

/**
 * Runs `then` after a mutation with feedback succeeded; a failure (already toasted by the mutation) resolves to
 * undefined instead of throwing, so forms and confirmation dialogs simply stay as they are.
 */
export async function whenSucceeded<T, R = void>(
  mutation: Promise<T>,
  then?: (data: T) => R | Promise<R>,
): Promise<R | undefined> {
  let data: T;
  try {
    data = await mutation;
  } catch {
    return undefined;
  }
  return then?.(data);
}
