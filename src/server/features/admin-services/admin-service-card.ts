import { sql } from 'drizzle-orm';
import { displayName } from '../../../domain/user-summary';
import type { PricingType } from '../../../domain/services';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { services } from '../../db/schema/services';

/** One card of /admin-services (spec 3 sections 2-3: the service with report_count, has_active_poll, category). */
export interface AdminServiceCard {
  id: string;
  title: string;
  ownerId: string;
  ownerName: string;
  /** Null when it has none ("Uncategorized" on the card). */
  category: string | null;
  priceCents: number;
  pricingType: PricingType;
  imageUrl: string | null;
  reportCount: number;
  /** The running poll about it, if any (the Poll action is disabled while there is one). */
  activePollId: string | null;
  hasActivePoll: boolean;
  /** Set while a passed community poll keeps it off the listings (Restore clears it). */
  hiddenAt: string | null;
  /** A passed poll about it no admin has acted on yet (deleting or restoring it does). */
  pendingPollId: string | null;
  createdAt: string;
}

/**
 * The card's columns, without the report count (each phase of the list has its own). The poll lookups probe the
 * partial indexes polls_active_service_key (one active poll per service) and polls_passed_unreviewed_idx.
 */
export const adminServiceColumns = {
  id: services.id,
  title: services.title,
  ownerId: services.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  category: serviceCategories.name,
  priceCents: services.priceCents,
  pricingType: services.pricingType,
  imageUrl: services.imageUrl,
  hiddenAt: services.hiddenAt,
  createdAt: services.createdAt,
  activePollId: sql<
    string | null
  >`(select p.id from polls p where p.service_id = ${services.id} and p.is_active limit 1)`,
  pendingPollId: sql<string | null>`(select p.id from polls p
    where p.service_id = ${services.id} and p.outcome = 'passed' and p.reviewed_at is null
    order by p.closed_at desc limit 1)`,
};

type Row = {
  id: string;
  title: string;
  ownerId: string;
  firstName: string | null;
  lastName: string | null;
  category: string | null;
  priceCents: number;
  pricingType: PricingType;
  imageUrl: string | null;
  hiddenAt: Date | null;
  createdAt: Date;
  activePollId: string | null;
  pendingPollId: string | null;
  reportCount: number;
};

const iso = (at: Date | string) => new Date(at).toISOString();

export function adminServiceCardOf(row: Row): AdminServiceCard {
  return {
    id: row.id,
    title: row.title,
    ownerId: row.ownerId,
    ownerName: displayName(row),
    category: row.category,
    priceCents: row.priceCents,
    pricingType: row.pricingType,
    imageUrl: row.imageUrl,
    reportCount: Number(row.reportCount),
    activePollId: row.activePollId,
    hasActivePoll: row.activePollId !== null,
    hiddenAt: row.hiddenAt === null ? null : iso(row.hiddenAt),
    pendingPollId: row.pendingPollId,
    createdAt: iso(row.createdAt),
  };
}
