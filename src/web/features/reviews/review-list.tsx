import { BadgeCheck } from 'lucide-react';
import { LocalDate } from '../../ui/local-date';
import { Link } from 'react-router';
import { HydrateLater } from '../../lib/hydrate-later';
import { Stars } from './star-rating';
import { ReportButton } from '../member-reports/report-dialog';

interface Review {
  id: string;
  rating: number;
  comment: string;
  createdAt: string | Date;
  isVerified: boolean;
  reviewerFirstName: string | null;
  serviceId: string | null;
  serviceTitle: string | null;
}

export function ReviewList({ reviews, empty }: { reviews: Review[]; empty: string }) {
  if (reviews.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {reviews.map((review) => (
        // On a rendered page (the service page), each review comes alive after the page's first pass, with the cards.
        <HydrateLater key={review.id}>
          <ReviewItem review={review} />
        </HydrateLater>
      ))}
    </ul>
  );
}

function ReviewItem({ review: r }: { review: Review }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border p-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={r.rating} />
        <span className="font-medium">{r.reviewerFirstName ?? 'Anonymous'}</span>
        {r.isVerified && (
          <span className="inline-flex items-center gap-1 text-xs text-green-700 dark:text-green-400">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Verified purchase
          </span>
        )}
        <span className="ml-auto text-xs text-muted-foreground">
          <LocalDate at={r.createdAt} />
        </span>
        <ReportButton targetKind="review" targetId={r.id} iconOnly />
      </div>
      {r.serviceId && r.serviceTitle && (
        <Link to={`/services/${r.serviceId}`} className="text-sm text-primary hover:underline">
          {r.serviceTitle}
        </Link>
      )}
      <p className="text-sm whitespace-pre-line">{r.comment}</p>
    </li>
  );
}
