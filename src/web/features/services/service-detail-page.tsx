import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { ArrowLeft, MapPin, Monitor } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { UNCATEGORIZED } from '../../../domain/categories';
import { LOCATION_FALLBACK, PUBLIC_AREA_MIN_KM } from '../../../domain/geo';
import { useTRPC } from '../../lib/trpc';
import { formatPrice } from '../../../domain/money';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { displayName } from '../../../domain/user-summary';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession } from '../accounts/api';
import { useService } from './api';
import { CategoryIcon } from './category-icon';
import { RequestButton } from './service-card';
import { ReportServiceButton } from '../moderation/report-service-button';

/** /services/{id}: the whole service and its provider. */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const service = useService(id);
  const { account } = useSession();
  if (service.isPending)
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading service...
      </p>
    );
  if (service.isError || !service.data) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-xl font-semibold">{SERVICE_MESSAGES.notFound}</h1>
        <Button asChild>
          <Link to="/discover-services">Discover Services</Link>
        </Button>
      </div>
    );
  }
  const s = service.data;
  const location = s.serviceLocation;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <Link to="/discover-services" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Services
      </Link>
      <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          {s.imageUrl ? (
            <img src={s.imageUrl} alt={s.title} className="aspect-video w-full rounded-xl object-cover" />
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-muted">
              <CategoryIcon categoryId={s.categoryId} className="h-20 w-20" />
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{s.categoryName ?? UNCATEGORIZED}</Badge>
            <Badge variant="outline">
              {s.deliveryMethod === 'virtual' ? (
                <Monitor className="h-3.5 w-3.5" aria-hidden />
              ) : (
                <MapPin className="h-3.5 w-3.5" aria-hidden />
              )}
              {s.deliveryMethod === 'virtual'
                ? 'Virtual'
                : s.deliveryMethod === 'in-person'
                  ? 'In person'
                  : 'Virtual or in person'}
            </Badge>
          </div>
          <h1 className="text-3xl font-bold">{s.title}</h1>
          <p className="whitespace-pre-line">{s.description}</p>
          {location && (
            <>
              <LocationLabel {...location} signedIn={Boolean(account)} />
              <ServiceAreaMap {...location} />
            </>
          )}
        </div>
        <Card className="h-fit">
          <CardContent className="flex flex-col gap-4 pt-6">
            <p className="text-3xl font-bold">{formatPrice(s.priceCents, s.pricingType)}</p>
            <div className="flex items-center gap-3">
              <UserAvatar
                userId={s.userId}
                firstName={s.ownerFirstName}
                lastName={s.ownerLastName}
                avatarUrl={s.ownerAvatarUrl}
                isAdmin={s.ownerIsAdmin}
                size="lg"
                showPresence
              />
              <div>
                <p className="text-sm text-muted-foreground">Offered by</p>
                <Link to={`/profile/${s.userId}`} className="font-semibold hover:underline">
                  {displayName({ firstName: s.ownerFirstName, lastName: s.ownerLastName })}
                </Link>
              </div>
            </div>
            {account?.id === s.userId ? (
              <Button variant="outline" asChild>
                <Link to={`/edit-service/${s.id}`}>Edit Service</Link>
              </Button>
            ) : (
              <RequestButton service={s} />
            )}
            <ReportServiceButton serviceId={s.id} ownerId={s.userId} className="self-start" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

interface Area {
  latitude: number;
  longitude: number;
  radius: number;
}

/**
 * "place, region" once the geocoder answers; "Location" meanwhile, on failure and for visitors (the geocoder is for
 * signed-in users). Never blocks the page.
 */
function LocationLabel({ latitude, longitude, radius, signedIn }: Area & { signedIn: boolean }) {
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

/**
 * The area the service covers, never a pin: other people receive a point rounded to about 1 km (src/domain/geo.ts),
 * drawn as a circle of the service radius (at least 1 km) so it does not look like an address.
 */
function ServiceAreaMap({ latitude, longitude, radius }: Area) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, dragging: false, zoomControl: false });
    L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
      attribution: '&copy; OpenStreetMap contributors',
      maxZoom: 18,
    }).addTo(map);
    const meters = Math.max(radius, PUBLIC_AREA_MIN_KM) * 1000;
    // A circle knows its bounds only once the map has a view: frame the area from its centre first.
    map.fitBounds(L.latLng(latitude, longitude).toBounds(meters * 2), { maxZoom: 13 });
    L.circle([latitude, longitude], { radius: meters, color: '#4f46e5', fillOpacity: 0.15 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [latitude, longitude, radius]);
  return (
    <div
      ref={container}
      className="h-56 w-full overflow-hidden rounded-lg border"
      role="img"
      aria-label={`Map of the service area: within ${radius} km`}
      data-testid="service-area-map"
    />
  );
}
