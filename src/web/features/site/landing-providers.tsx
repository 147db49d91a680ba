import { useQuery } from '@tanstack/react-query';
import { useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import {
  DEMO_PROVIDERS,
  LANDING_CARDS_SHOWN,
  LANDING_SERVICES_FETCHED,
  pickProviders,
  placeCards,
} from '../../../domain/landing';
import { displayName, profilePath } from '../../../domain/user-summary';
import { useListing } from '../../lib/listings';
import { UserAvatar } from '../../ui/user-avatar';

/**
 * The random draw of this visit, kept in the query cache: a page rendered on the server hands it to the browser with
 * the cache, so both pick and place the same cards (a different pick would not match the server's HTML).
 */
function useLayoutSeed(): number {
  return useQuery({
    queryKey: ['landing', 'layout-seed'],
    queryFn: () => Math.random(),
    initialData: () => Math.random(),
    staleTime: Infinity,
  }).data;
}

/** A small generator from one seed (a linear congruential one): random enough to place five cards. */
function seededRandom(seed: number): () => number {
  let state = Math.floor(seed * 2 ** 31);
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Card size as percentages of the hero's provider area (wide screens place them freely inside it). */
const CARD = { width: 47, height: 19 };

const cardClass = 'flex items-center gap-3 rounded-xl border bg-card p-3 shadow-sm';

/**
 * The hero's provider cards: up to 5 providers of the newest 20 services, at random places that do not overlap; two
 * demo cards when there are none; nothing when the services cannot be loaded (spec 1 section 8).
 */
export function LandingProviders() {
  const listing = useListing('services', { search: '', price: 'any', method: 'any', limit: LANDING_SERVICES_FETCHED });
  const services = listing.data?.pages[0]?.items;
  const seed = useLayoutSeed();
  const cards = useMemo(() => {
    if (!services) return [];
    const random = seededRandom(seed);
    const picked = pickProviders(services, random, LANDING_CARDS_SHOWN);
    const spots = placeCards(picked.length, { width: 100, height: 100 }, CARD, random);
    return picked.map((service, i) => ({ service, spot: spots[i]! }));
  }, [services, seed]);

  if (listing.isError || listing.isPending) return <div aria-hidden className="hidden md:block" />;
  if (cards.length === 0) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Featured providers">
        {DEMO_PROVIDERS.map((p) => (
          <li key={p.name} className={cardClass}>
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
              {p.name.slice(0, 2).toUpperCase()}
            </span>
            <div>
              <p className="font-semibold">{p.name}</p>
              <p className="text-sm text-muted-foreground">{p.category}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label="Featured providers" className="flex flex-col gap-3 md:relative md:block md:h-96">
      {cards.map(({ service, spot }) => {
        const name = displayName({ firstName: service.ownerFirstName, lastName: service.ownerLastName });
        const href = profilePath(service.userId);
        return (
          <li
            key={service.userId}
            className={`${cardClass} md:absolute md:w-[var(--w)] md:left-[var(--x)] md:top-[var(--y)]`}
            style={
              {
                '--x': `${spot.x}%`,
                '--y': `${spot.y}%`,
                '--w': `${spot.width}%`,
              } as CSSProperties
            }
            data-testid="landing-provider"
          >
            <UserAvatar
              userId={service.userId}
              firstName={service.ownerFirstName}
              lastName={service.ownerLastName}
              avatarUrl={service.ownerAvatarUrl}
              isAdmin={service.ownerIsAdmin}
            />
            <div className="min-w-0">
              {href ? (
                <Link to={href} className="block truncate font-semibold hover:underline">
                  {name}
                </Link>
              ) : (
                <p className="truncate font-semibold">{name}</p>
              )}
              <p className="truncate text-sm text-muted-foreground">{service.categoryName ?? 'Uncategorized'}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
