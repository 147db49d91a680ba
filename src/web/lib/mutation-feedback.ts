import type { UseMutationOptions } from '@tanstack/react-query';
import { toast } from './toast';
import { appCodeOf } from './app-error';
import { serverReason } from './network-error';

/**
 * How a failure reads: the spec's text with the server's reason below it (`below`), the server's reason in place of
 * the text when it gave one (`instead`), or the spec's text alone (`none`).
 */
export type FailureReason = 'below' | 'instead' | 'none';

export interface MutationFeedback<TData, TVariables> {
  /** The success toast: the spec's text, or one picked from the answer; nothing when it gives undefined. */
  success?: string | ((data: TData, variables: TVariables) => string | undefined);
  /**
   * The failure toast: the spec's text, or a function that tells the failure itself (a text per refusal, or per
   * what was sent). `reason` is the server's reason as `reasons` words it, undefined when the call never got one.
   */
  failure?: string | ((error: unknown, variables: TVariables | undefined, reason: string | undefined) => void);
  /** Where the server's reason goes (default `below`, as `toastFailure` does everywhere). */
  reason?: FailureReason;
  /**
   * The spec's reason for a refusal code (`error.data.appCode`) where it words it differently from the server's
   * text: the send's "Room not found" where the room's page says "Chat room not found". Decided by the code, never
   * by the server's English.
   */
  reasons?: Readonly<Record<string, string>>;
  /**
   * The text when the server answers that nobody is signed in (the session ended while the page was open): the
   * action's own "You must be signed in to ..." in place of its failure text.
   */
  signedOut?: string;
}

type FailureFeedback<TVariables> = Pick<
  MutationFeedback<unknown, TVariables>,
  'failure' | 'reason' | 'reasons' | 'signedOut'
>;

/** The message an error carries, '' when none (a thrown non-error). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** The server refused because nobody is signed in (tRPC's UNAUTHORIZED, our UNAUTHENTICATED). */
export function isSignedOutError(error: unknown): boolean {
  if (appCodeOf(error) === 'UNAUTHENTICATED') return true;
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const data = (error as { data?: { code?: unknown; httpStatus?: unknown } | null }).data;
  return data?.code === 'UNAUTHORIZED' || data?.httpStatus === 401;
}

/** The reason to show: the spec's wording of the refusal's code, else the server's reason (none for a dropped call). */
export function failureReason(error: unknown, reasons?: Readonly<Record<string, string>>): string | undefined {
  const code = appCodeOf(error);
  const mapped = code === null ? undefined : reasons?.[code];
  return mapped ?? serverReason(error);
}

/**
 * Shows the failure toast for `feedback` (exported for the few failures that do not come from a mutation). A
 * signed-out refusal with a `signedOut` text shows that text alone: one rule for every action that names one.
 */
export function showFailure<TVariables = unknown>(
  feedback: FailureFeedback<TVariables>,
  error: unknown,
  variables?: TVariables,
) {
  const { failure, reason = 'below', reasons, signedOut } = feedback;
  if (signedOut !== undefined && isSignedOutError(error)) {
    // One toast however many calls the ended session refuses at once (sonner merges by id).
    toast.error(signedOut, { id: signedOut });
    return;
  }
  if (failure === undefined) return;
  const why = failureReason(error, reasons);
  if (typeof failure === 'function') failure(error, variables, why);
  else if (reason === 'below') toast.error(failure, why && why !== failure ? { description: why } : undefined);
  else if (reason === 'instead') toast.error(why ?? (messageOf(error) || failure));
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
      showFailure(feedback, error, variables);
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
