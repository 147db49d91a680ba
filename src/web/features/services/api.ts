import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MethodFilter, PriceBucket } from '../../../domain/listing-filters';
import { listingKey, useListing } from '../../lib/listings';
import { useTRPC } from '../../lib/trpc';

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
  return useMutation(trpc.services.create.mutationOptions({ onSuccess: invalidate }));
}

export function useUpdateService() {
  const trpc = useTRPC();
  const invalidate = useInvalidateServices();
  return useMutation(trpc.services.update.mutationOptions({ onSuccess: invalidate }));
}

export function useDeleteService() {
  const trpc = useTRPC();
  const invalidate = useInvalidateServices();
  return useMutation(trpc.services.delete.mutationOptions({ onSuccess: invalidate }));
}
