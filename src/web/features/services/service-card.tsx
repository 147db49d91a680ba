import { MapPin, Monitor } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../../domain/money';
import { descriptionPreview, SERVICE_MESSAGES } from '../../../domain/services';
import { UNCATEGORIZED } from '../../../domain/categories';
import type { ProviderRating } from '../../../domain/provider-rating';
import { displayName } from '../../../domain/user-summary';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useSession } from '../accounts/api';
import { useMemberOrSignIn } from '../accounts/use-known-session';
import { useRequestedServices } from '../conversations/api';
import { ReportServiceButton } from '../moderation/report-service-button';
import { RatingBadge } from '../reviews/rating-badge';
import { useRequestService } from './api';
import { ServiceCover } from './service-cover';
import { VerifiedStudentMark } from '../schools/verified-marks';

export interface ServiceCardData extends ProviderRating {
  id: string;
  userId: string;
  title: string;
  description: string;
  categoryId: string | null;
  categoryName: string | null;
  priceCents: number;
  pricingType: 'fixed' | 'hourly';
  deliveryMethod: 'virtual' | 'in-person' | 'both';
  imageUrl: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  /** The owner's verified school's name, when they verified one. */
  ownerVerifiedSchool?: string | null;
}

const DELIVERY_LABELS = { virtual: 'Virtual', 'in-person': 'In person', both: 'Virtual or in person' } as const;

/** How a service is delivered, with its icon: on a card and on the service page. */
export function DeliveryLabel({ method }: { method: keyof typeof DELIVERY_LABELS }) {
  return (
    <>
      {method === 'virtual' ? (
        <Monitor className="h-3.5 w-3.5 shrink-0" aria-hidden />
      ) : (
        <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
      )}
      <span className="truncate">{DELIVERY_LABELS[method]}</span>
    </>
  );
}

/**
 * A service in a grid: its picture or its category's cover, title, owner and the owner's rating (or "New"),
 * description preview, price, and the actions.
 */
export function ServiceCard({ service, actions }: { service: ServiceCardData; actions?: ReactNode }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="service-card">
      {/* The picture repeats the title's link for pointer users; keyboard and screen readers use the title. */}
      <Link to={`/services/${service.id}`} className="block" aria-hidden tabIndex={-1}>
        {service.imageUrl ? (
          <img src={service.imageUrl} alt="" className="aspect-[2/1] w-full object-cover" loading="lazy" />
        ) : (
          <ServiceCover categoryId={service.categoryId} className="aspect-[2/1] w-full" />
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* One line on every card, so titles line up across a row: a long category name is shortened, not wrapped. */}
        <div className="flex items-center gap-2">
          <Badge variant="outline" className="min-w-0" title={service.categoryName ?? UNCATEGORIZED}>
            <span className="truncate">{service.categoryName ?? UNCATEGORIZED}</span>
          </Badge>
          <ReportServiceButton
            serviceId={service.id}
            ownerId={service.userId}
            iconOnly
            className="ml-auto h-7 shrink-0 px-2"
          />
        </div>
        <h3 className="font-semibold leading-snug">
          <Link to={`/services/${service.id}`} className="hover:underline">
            {service.title}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <p>
            by{' '}
            <Link to={`/profile/${service.userId}`} className="hover:underline">
              {displayName({ firstName: service.ownerFirstName, lastName: service.ownerLastName })}
            </Link>
          </p>
          <span className="inline-flex items-center gap-1 text-xs">
            <DeliveryLabel method={service.deliveryMethod} />
          </span>
        </div>
        <RatingBadge rating={service} />
        <VerifiedStudentMark school={service.ownerVerifiedSchool} className="text-xs" />
        <p className="text-sm">{descriptionPreview(service.description)}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="text-lg font-bold">{formatPrice(service.priceCents, service.pricingType)}</span>
          {actions ?? <RequestButton service={service} />}
        </div>
      </div>
    </Card>
  );
}

/**
 * Request opens a conversation with the provider (Chat once one exists); never on your own service; a visitor is
 * sent to sign in and comes back to this page.
 */
export function RequestButton({ service }: { service: Pick<ServiceCardData, 'id' | 'userId'> }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const requested = useRequestedServices();
  const request = useRequestService();
  const memberOrSignIn = useMemberOrSignIn();
  if (account?.id === service.userId) return null;
  const conversationId = requested.get(service.id);
  if (conversationId) {
    return (
      <Button size="sm" variant="outline" onClick={() => navigate(`/chat/${conversationId}`)}>
        Chat
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      disabled={request.isPending}
      onClick={async () => {
        const member = await memberOrSignIn(SERVICE_MESSAGES.signInToRequest);
        if (member && member.id !== service.userId) request.mutate({ serviceId: service.id });
      }}
    >
      Request
    </Button>
  );
}
