import { Button } from './button';

/**
 * The next page of an infinite listing; says Loading... while it is fetched and is absent on the last page and
 * while the previous filters' results stand in for new ones (their cursor belongs to the old query).
 */
export function LoadMoreButton({
  listing,
}: {
  listing: { hasNextPage: boolean; isFetchingNextPage: boolean; isPlaceholderData?: boolean; fetchNextPage(): unknown };
}) {
  if (!listing.hasNextPage || listing.isPlaceholderData) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      disabled={listing.isFetchingNextPage}
      onClick={() => void listing.fetchNextPage()}
    >
      {listing.isFetchingNextPage ? 'Loading...' : 'Load More'}
    </Button>
  );
}
