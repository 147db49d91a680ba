import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PriceBucket } from '../../../domain/listing-filters';
import { REQUEST_MESSAGES } from '../../../domain/requests';
import { listingKey, useListing } from '../../lib/listings';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';

export function useRequestListing(filters: { search: string; categoryId: string | null; price: PriceBucket }) {
  return useListing('requests', filters);
}

export function useRequest(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.requests.get.queryOptions({ id }), enabled: id.length > 0, retry: false });
}

export function useMyRequests() {
  const trpc = useTRPC();
  return useQuery(trpc.requests.mine.queryOptions());
}

function useInvalidateRequests() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listingKey('requests') }),
      queryClient.invalidateQueries({ queryKey: trpc.requests.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.requests.get.queryKey() }),
    ]);
}

export function useCreateRequest() {
  const trpc = useTRPC();
  const invalidate = useInvalidateRequests();
  // The success is the page's own card ("Request Submitted Successfully"), not a toast.
  return useMutation(
    withFeedback(trpc.requests.create.mutationOptions({ onSuccess: invalidate }), {
      failure: REQUEST_MESSAGES.submitFailed,
    }),
  );
}

export function useUpdateRequest() {
  const trpc = useTRPC();
  const invalidate = useInvalidateRequests();
  return useMutation(
    withFeedback(trpc.requests.update.mutationOptions({ onSuccess: invalidate }), {
      success: REQUEST_MESSAGES.updated,
      failure: REQUEST_MESSAGES.updateFailed,
    }),
  );
}

export function useDeleteRequest() {
  const trpc = useTRPC();
  const invalidate = useInvalidateRequests();
  return useMutation(
    withFeedback(trpc.requests.delete.mutationOptions({ onSuccess: invalidate }), {
      success: REQUEST_MESSAGES.deleted,
      failure: REQUEST_MESSAGES.deleteFailed,
    }),
  );
}

export const OFFER_SENT = 'Offer sent! You can now chat with the client.';

/**
 * Send offer on a request. The toast and the move to the chat are the mutation's own: the card (and its dialog)
 * may be gone by the time the answer comes, and the user must still hear the outcome.
 */
export function useSendOffer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The data router's navigate keeps working after the component that took it unmounts.
  const navigate = useNavigate();
  return useMutation(
    withFeedback(
      trpc.conversations.offer.mutationOptions({
        onSuccess: async ({ id }) => {
          void navigate(`/chat/${id}`);
          await queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() });
        },
      }),
      // The server's reason is the whole toast ('' when it gave none, as before).
      { success: OFFER_SENT, failure: '', reason: 'instead' },
    ),
  );
}
