import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { MethodFilter, PriceBucket } from '../../../domain/listing-filters';
import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { listingKey, useListing } from '../../lib/listings';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { appCodeOf } from '../../lib/app-error';

export interface ServiceFilters {
  search: string;
  categoryId: string | null;
  price: PriceBucket;
  method: MethodFilter;
}

/** Discovery results, a page at a time (keyset cursor from the server). */
export function useServiceListing(filters: ServiceFilters) {
  return useListing('services', filters);
}

export function useService(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.services.get.queryOptions({ id }), enabled: id.length > 0, retry: false });
}

/**
 * The service as its owner edits it, read when the form opens: the cached copy may be the one the service page was
 * rendered with for any reader (its location rounded to about 1 km), and saving that would move the service.
 */
export function useServiceToEdit(id: string) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.services.get.queryOptions({ id }),
    enabled: id.length > 0,
    retry: false,
    refetchOnMount: 'always',
  });
  return { ...query, data: query.isFetchedAfterMount ? query.data : undefined };
}

export function useMyServices(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.services.mine.queryOptions(), enabled });
}

export function useUserServices(userId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.services.byUser.queryOptions({ userId }), enabled: userId.length > 0 });
}

function useInvalidateServices() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listingKey('services') }),
      queryClient.invalidateQueries({ queryKey: trpc.services.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.services.byUser.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.services.get.queryKey() }),
    ]);
}

export function useCreateService() {
  const trpc = useTRPC();
  const invalidate = useInvalidateServices();
  return useMutation(
    withFeedback(trpc.services.create.mutationOptions({ onSuccess: invalidate }), {
      success: SERVICE_MESSAGES.created,
      failure: SERVICE_MESSAGES.createFailed,
    }),
  );
}

export function useUpdateService() {
  const trpc = useTRPC();
  const invalidate = useInvalidateServices();
  return useMutation(
    withFeedback(trpc.services.update.mutationOptions({ onSuccess: invalidate }), {
      success: SERVICE_MESSAGES.updated,
      failure: SERVICE_MESSAGES.updateFailed,
    }),
  );
}

export function useDeleteService() {
  const trpc = useTRPC();
  const invalidate = useInvalidateServices();
  return useMutation(
    withFeedback(trpc.services.delete.mutationOptions({ onSuccess: invalidate }), {
      success: SERVICE_MESSAGES.deleted,
      failure: SERVICE_MESSAGES.deleteFailed,
    }),
  );
}

/**
 * Request (a service card or page): opens the conversation with the provider. The toast and the move to the chat
 * are the mutation's own, not the button's: the card may be gone by the time the answer comes (new search results,
 * a page change), and the user must still hear the outcome.
 */
export function useRequestService() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The data router's navigate keeps working after the component that took it unmounts.
  const navigate = useNavigate();
  return useMutation(
    withFeedback(
      trpc.conversations.request.mutationOptions({
        onSuccess: async ({ id }) => {
          void navigate(`/chat/${id}`);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.conversations.requestedServices.queryKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() }),
          ]);
        },
      }),
      {
        success: CONVERSATION_MESSAGES.requested,
        failure: (error) =>
          toast.error(
            appCodeOf(error) === 'OWN_SERVICE' ? SERVICE_MESSAGES.ownService : CONVERSATION_MESSAGES.requestFailed,
          ),
      },
    ),
  );
}
