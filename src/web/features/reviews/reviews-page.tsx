import { useParams } from 'react-router';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { displayName } from '../../../domain/user-summary';
import { usePublicProfile } from '../profiles/api';
import { useLatestReviews, useProviderReviewBlock, useProviderReviews } from './api';
import { RatingSummaryView } from './ratings-section';
import { ReviewList } from './review-list';
import { PageContainer } from '../../ui/page';

/** /reviews/{providerId}: one provider's reviews; /reviews: the latest reviews across the marketplace. */
export function ReviewsPage() {
  const { providerId } = useParams();
  return providerId ? <ProviderReviews providerId={providerId} /> : <LatestReviews />;
}

function ProviderReviews({ providerId }: { providerId: string }) {
  const profile = usePublicProfile(providerId);
  const block = useProviderReviewBlock(providerId, 1);
  const reviews = useProviderReviews(providerId);
  const name = profile.data ? displayName(profile.data) : 'Provider';
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold">Reviews of {name}</h1>
      {block.data && <RatingSummaryView summary={block.data.summary} />}
      <LoadedReviews reviews={reviews} />
    </PageContainer>
  );
}

function LatestReviews() {
  const reviews = useLatestReviews();
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold">Latest Reviews</h1>
      <LoadedReviews reviews={reviews} />
    </PageContainer>
  );
}

/** A review list with its loading and error states. */
function LoadedReviews({ reviews }: { reviews: ReturnType<typeof useLatestReviews> }) {
  if (reviews.isError) {
    return (
      <p role="alert" className="text-destructive">
        {REVIEW_MESSAGES.loadFailed}
      </p>
    );
  }
  if (reviews.isPending) return <p role="status">Loading reviews...</p>;
  return <ReviewList reviews={reviews.data} empty="No reviews yet" />;
}
