import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { UNCATEGORIZED } from '../../../domain/categories';
import { LOCATION_FALLBACK } from '../../../domain/geo';
import { useTRPC } from '../../lib/trpc';
import { formatPrice } from '../../../domain/money';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { PageContainer, PageMessage } from '../../ui/page';
import { useSession } from '../accounts/api';
import { ReviewList } from '../reviews/review-list';
import { HydrateLater } from '../../lib/hydrate-later';
import { RatingBadge } from '../reviews/rating-badge';
import { useService } from './api';
import { ProviderSummary } from './provider-summary';
import type { ServiceArea } from './service-area-map';
import { DeliveryLabel, RequestButton, type ServiceCardData } from './service-card';
import { ServiceCover } from './service-cover';
import { ReportServiceButton } from '../moderation/report-service-button';

const ServiceAreaMap = lazy(async () => ({ default: (await import('./service-area-map')).ServiceAreaMap }));

/**
 * /services/{id}: the whole service and who offers it. What decides a request comes first, inside the first screen
 * of a phone (390x844) and a laptop (1280x800): title, the provider's rating, price and Request; then the provider,
 * the picture, the description, the area and the provider's latest reviews.
 */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const service = useService(id);
  if (service.isPending)
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading service...
      </p>
    );
  if (service.isError || !service.data) {
    return (
      <PageMessage>
        <h1 className="text-xl font-semibold">{SERVICE_MESSAGES.notFound}</h1>
        <Button asChild>
          <Link to="/discover-services">Discover Services</Link>
        </Button>
      </PageMessage>
    );
  }
  const s = service.data;
  const location = s.serviceLocation;
  const ownerName = displayName({ firstName: s.ownerFirstName, lastName: s.ownerLastName });
  return (
    // Tighter at the top on a phone: the title, price and Request must fit the first screen.
    <PageContainer className="gap-4 py-4 md:gap-6 md:py-8">
      <BackLink to="/discover-services" place="Services" />
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:items-start md:gap-x-8 md:gap-y-6">
        {/* The parts without a button come alive after the page's first pass (lib/hydrate-later.tsx), one per task. */}
        <HydrateLater>
          <header className="flex flex-col gap-2 md:col-start-1">
            <div className="flex flex-wrap gap-2">
              <Badge variant="outline">{s.categoryName ?? UNCATEGORIZED}</Badge>
              <Badge variant="outline">
                <DeliveryLabel method={s.deliveryMethod} />
              </Badge>
            </div>
            <h1 className="text-2xl font-bold break-words md:text-3xl">{s.title}</h1>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>
                by{' '}
                <Link to={`/profile/${s.userId}`} className="text-foreground hover:underline">
                  {ownerName}
                </Link>
              </span>
              <RatingBadge rating={s} />
            </p>
          </header>
        </HydrateLater>
        {/* Second in reading order, so on a phone the price and Request sit right under the title. */}
        <Card className="md:sticky md:top-4 md:col-start-2 md:row-span-3 md:row-start-1" data-testid="service-actions">
          <CardContent className="flex flex-col gap-4 p-4 md:p-6">
            <div className="flex items-center justify-between gap-3">
              <p className="text-2xl font-bold md:text-3xl">{formatPrice(s.priceCents, s.pricingType)}</p>
              <ServiceAction service={s} />
            </div>
            <HydrateLater>
              <ProviderSummary provider={s} />
            </HydrateLater>
            <ReportServiceButton serviceId={s.id} ownerId={s.userId} className="self-start" />
          </CardContent>
        </Card>
        <HydrateLater>
          <div className="flex flex-col gap-4 md:col-start-1">
            {s.imageUrl ? (
              <img src={s.imageUrl} alt={s.title} className="aspect-video w-full rounded-xl object-cover" />
            ) : (
              <ServiceCover categoryId={s.categoryId} className="aspect-[3/1] w-full rounded-xl" />
            )}
            <p className="whitespace-pre-line break-words">{s.description}</p>
            {location && (
              <>
                <LocationLabel {...location} />
                <Suspense fallback={<div className="h-56 w-full rounded-lg border bg-muted" />}>
                  <ServiceAreaMap {...location} />
                </Suspense>
              </>
            )}
          </div>
        </HydrateLater>
        <section aria-labelledby="service-reviews" className="flex flex-col gap-3 md:col-start-1">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="service-reviews" className="text-xl font-semibold">
              Latest Reviews
            </h2>
            {s.reviewCount > 0 && (
              <Link to={`/reviews/${s.userId}`} className="text-sm text-primary hover:underline">
                All reviews
              </Link>
            )}
          </div>
          <ReviewList reviews={s.latestReviews} empty="No reviews yet" />
        </section>
      </div>
    </PageContainer>
  );
}

/**
 * The owner edits, anyone else requests. The session is read here and in the parts below, not by the page: the page
 * rendering again when the session arrives would bring every part it still holds alive in that one task.
 */
function ServiceAction({ service }: { service: Pick<ServiceCardData, 'id' | 'userId'> }) {
  const { account } = useSession();
  if (account?.id === service.userId) {
    return (
      <Button variant="outline" asChild>
        <Link to={`/edit-service/${service.id}`}>Edit Service</Link>
      </Button>
    );
  }
  return <RequestButton service={service} />;
}

/**
 * "place, region" once the geocoder answers; "Location" meanwhile, on failure and for visitors (the geocoder is for
 * signed-in users). Never blocks the page.
 */
function LocationLabel({ latitude, longitude, radius }: ServiceArea) {
  const signedIn = Boolean(useSession().account);
  const trpc = useTRPC();
  const label = useQuery({
    ...trpc.geo.reverse.queryOptions({ latitude, longitude }),
    staleTime: Infinity,
    enabled: signedIn,
  });
  return (
    <p className="inline-flex items-center gap-1 text-sm text-muted-foreground" data-testid="service-location">
      <MapPin className="h-4 w-4" aria-hidden /> {label.data ?? LOCATION_FALLBACK} · within {radius} km
    </p>
  );
}
