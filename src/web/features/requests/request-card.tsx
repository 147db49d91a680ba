import type { ReactNode } from 'react';
import { LocalDate } from '../../ui/local-date';
import { UNCATEGORIZED } from '../../../domain/categories';
import { formatPrice } from '../../../domain/money';
import { descriptionPreview } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CategoryIcon } from '../services/category-icon';

export interface RequestCardData {
  id: string;
  userId: string;
  title: string;
  description: string;
  budgetCents: number | null;
  pricingType: 'fixed' | 'hourly';
  categoryId: string | null;
  categoryName: string | null;
  imageUrl: string | null;
  createdAt: string | Date;
  ownerFirstName: string | null;
  ownerLastName: string | null;
}

/** A request as a compact text card: category, title, who asks, what for, budget and when. */
export function RequestCard({
  request,
  highlighted = false,
  pulsing = false,
  actions,
}: {
  request: RequestCardData;
  /** Ringed in green (the request just posted, or linked with ?highlight). */
  highlighted?: boolean;
  /** Drawing the eye to the ring for its first seconds. */
  pulsing?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Card
      id={`request-${request.id}`}
      data-testid="request-card"
      data-highlighted={highlighted || undefined}
      data-pulsing={pulsing || undefined}
      className={cn(
        'flex h-full flex-col overflow-hidden',
        highlighted && 'ring-4 ring-green-500',
        pulsing && 'motion-safe:animate-highlight-pulse',
      )}
    >
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryIcon categoryId={request.categoryId} className="h-4 w-4" />
          <Badge>REQUEST</Badge>
          <Badge variant="outline">{request.categoryName ?? UNCATEGORIZED}</Badge>
        </div>
        <div className="flex items-start gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 className="font-semibold break-words">{request.title}</h3>
            <p className="text-sm text-muted-foreground">
              by {displayName({ firstName: request.ownerFirstName, lastName: request.ownerLastName })}
            </p>
          </div>
          {/* A request is read, not looked at: its picture is a thumbnail beside the title, not a banner. */}
          {request.imageUrl && (
            <img
              src={request.imageUrl}
              alt=""
              className="h-16 w-16 shrink-0 rounded-md object-cover"
              loading="lazy"
              data-testid="request-thumbnail"
            />
          )}
        </div>
        <p className="text-sm">{descriptionPreview(request.description)}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
          <span className="font-semibold">
            {request.budgetCents === null
              ? 'Budget open'
              : `Budget ${formatPrice(request.budgetCents, request.pricingType)}`}
          </span>
          <span className="text-muted-foreground">
            Posted <LocalDate at={request.createdAt} />
          </span>
        </div>
        {actions}
      </div>
    </Card>
  );
}
