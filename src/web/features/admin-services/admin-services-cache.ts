import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type AdminServicesPage = Outputs['adminServices']['list'];
export type AdminServiceCard = AdminServicesPage['items'][number];
export type AdminServicesData = InfiniteData<AdminServicesPage, AdminServicesPage['nextCursor'] | null | undefined>;
/** What reports.adminEvents delivers (the server's ModerationLiveEvent, as the router types it). */
export type ModerationAdminEvent =
  Outputs['reports']['adminEvents'] extends AsyncIterable<infer E> ? (E extends { data: infer D } ? D : E) : never;

/** The server's order (list-admin-services.ts): most reports first, then newest, then by id. */
function byFlaggedThenNewest(a: AdminServiceCard, b: AdminServiceCard): number {
  if (a.reportCount !== b.reportCount) return b.reportCount - a.reportCount;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The loaded cards changed through `change` (null drops a card), put back in the server's order and cut into pages
 * of the same sizes, each keeping its cursor: the set of loaded cards is the same, so where the next page starts
 * does not move. A card that gained a report climbs above the ones it now outranks, on screen at once.
 */
function mapCards(
  data: AdminServicesData,
  change: (card: AdminServiceCard) => AdminServiceCard | null,
): AdminServicesData {
  const sizes = data.pages.map((page) => page.items.length);
  const cards = data.pages.flatMap((page) => page.items.map(change)).filter((c) => c !== null);
  cards.sort(byFlaggedThenNewest);
  let start = 0;
  const pages = data.pages.map((page, i) => {
    // A dropped card shortens the last page rather than shifting the cursors.
    const size = i === data.pages.length - 1 ? cards.length - start : sizes[i]!;
    const items = cards.slice(start, start + size);
    start += size;
    return { ...page, items };
  });
  return { ...data, pages };
}

const has = (data: AdminServicesData, serviceId: string) =>
  data.pages.some((page) => page.items.some((card) => card.id === serviceId));

/**
 * One admin live event applied to the loaded cards. Returns null when the event is about a service that is not
 * loaded and should now show (a first report on a service further down the list): only then is the list read again,
 * since the event does not carry the card.
 */
export function applyAdminEvent(data: AdminServicesData, event: ModerationAdminEvent): AdminServicesData | null {
  switch (event.type) {
    case 'report-submitted':
      if (!has(data, event.serviceId)) return null;
      return mapCards(data, (card) =>
        card.id === event.serviceId
          ? // Counts only grow: an event overtaken by a fresher answer never turns one back.
            { ...card, reportCount: Math.max(card.reportCount, event.reportCount) }
          : card,
      );
    case 'poll-started':
      // Another admin's poll (or this admin's own, told twice): Poll is disabled on that card at once.
      if (event.serviceId === null) return data;
      return applyPollStarted(data, event.serviceId, event.pollId);
    case 'poll-outcome':
      if (event.serviceId === null) return data;
      return mapCards(data, (card) => {
        // Matched on the service: the card may not have known the poll (started before it was loaded, or its start
        // missed). Only a newer poll the card already shows makes this outcome stale.
        if (card.id !== event.serviceId) return card;
        if (card.activePollId !== null && card.activePollId !== event.pollId) return card;
        const passed = event.outcome === 'passed' && event.pollType === 'service_deletion';
        return {
          ...card,
          activePollId: null,
          hasActivePoll: false,
          hiddenAt: passed ? (card.hiddenAt ?? event.closedAt) : card.hiddenAt,
          pendingPollId: passed ? event.pollId : card.pendingPollId,
        };
      });
    case 'service-removed':
      return mapCards(data, (card) => (card.id === event.serviceId ? null : card));
    case 'service-restored':
      return mapCards(data, (card) =>
        card.id === event.serviceId ? { ...card, hiddenAt: null, pendingPollId: null } : card,
      );
    case 'poll-reviewed':
      return mapCards(data, (card) => (card.pendingPollId === event.pollId ? { ...card, pendingPollId: null } : card));
    default:
      return data;
  }
}

/** The poll this admin just started, on its card (the Poll action is disabled while it runs). */
export function applyPollStarted(data: AdminServicesData, serviceId: string, pollId: string): AdminServicesData {
  return mapCards(data, (card) =>
    card.id === serviceId ? { ...card, activePollId: pollId, hasActivePoll: true } : card,
  );
}
