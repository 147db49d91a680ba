import { Link } from 'react-router';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { useProviderReviewBlock } from './api';
import { ReviewList } from './review-list';
import { Stars } from './star-rating';

/** The profile's ratings: average, total, distribution 1–5 and the most recent reviews. */
export function RatingsSection({ providerId }: { providerId: string }) {
  const block = useProviderReviewBlock(providerId);
  return (
    <section aria-labelledby="profile-reviews" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <h2 id="profile-reviews" className="text-xl font-semibold">
          Ratings & Reviews
        </h2>
        <Link to={`/reviews/${providerId}`} className="text-sm text-primary hover:underline">
          All reviews
        </Link>
      </div>
      {block.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading reviews...
        </p>
      ) : block.isError ? (
        <p role="alert" className="text-destructive">
          {REVIEW_MESSAGES.ratingLoadFailed}
        </p>
      ) : (
        <>
          <RatingSummaryView summary={block.data.summary} />
          <ReviewList reviews={block.data.recent} empty="No reviews yet" />
        </>
      )}
    </section>
  );
}

export function RatingSummaryView({
  summary,
}: {
  summary: { average: number; total: number; distribution: Record<`star${1 | 2 | 3 | 4 | 5}`, number> };
}) {
  return (
    <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[auto_1fr]" data-testid="rating-summary">
      <div className="flex flex-col items-center justify-center gap-1">
        <span className="text-4xl font-bold">{summary.average.toFixed(1)}</span>
        <Stars rating={summary.average} />
        <span className="text-sm text-muted-foreground">
          {summary.total} review{summary.total === 1 ? '' : 's'}
        </span>
      </div>
      <dl className="flex flex-col gap-1">
        {([5, 4, 3, 2, 1] as const).map((star) => {
          const n = summary.distribution[`star${star}`];
          const share = summary.total ? (n / summary.total) * 100 : 0;
          return (
            <div key={star} className="flex items-center gap-2 text-sm">
              <dt className="w-12">{star} star</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded bg-muted" aria-hidden>
                  <span className="block h-full bg-amber-400" style={{ width: `${share}%` }} />
                </span>
                <span className="w-6 text-right">{n}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
