import type { ReactNode } from 'react';
import { UNCATEGORIZED } from '../../../domain/categories';
import { formatPrice } from '../../../domain/money';
import { descriptionPreview } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CategoryIcon } from '../services/category-icon';
import { shortDate } from '../../lib/dates';

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
      {request.imageUrl ? (
        <img src={request.imageUrl} alt="" className="aspect-video w-full object-cover" loading="lazy" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-muted">
          <CategoryIcon categoryId={request.categoryId} className="h-10 w-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>REQUEST</Badge>
          <Badge variant="outline">{request.categoryName ?? UNCATEGORIZED}</Badge>
        </div>
        <h3 className="font-semibold">{request.title}</h3>
        <p className="text-sm text-muted-foreground">
          by {displayName({ firstName: request.ownerFirstName, lastName: request.ownerLastName })}
        </p>
        <p className="text-sm">{descriptionPreview(request.description)}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
          <span className="font-semibold">
            {request.budgetCents === null
              ? 'Budget open'
              : `Budget ${formatPrice(request.budgetCents, request.pricingType)}`}
          </span>
          <span className="text-muted-foreground">Posted {shortDate(request.createdAt)}</span>
        </div>
        {actions}
      </div>
    </Card>
  );
}
