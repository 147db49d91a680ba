/**
 * The landing hero's provider cards (spec 1 sections 1, 7, 9): up to 20 services fetched, at most 5 providers shown,
 * each once, placed at random without overlapping; two demo cards when there are no providers.
 */
export const LANDING_SERVICES_FETCHED = 20;
export const LANDING_CARDS_SHOWN = 5;

export const DEMO_PROVIDERS = [
  { name: 'Alex P.', category: 'Web Development' },
  { name: 'Riley K.', category: 'Tutoring' },
] as const;

/** Up to `max` services by different providers, in random order. */
export function pickProviders<T extends { userId: string }>(
  services: readonly T[],
  random: () => number,
  max = LANDING_CARDS_SHOWN,
): T[] {
  const byProvider = new Map<string, T>();
  for (const service of services) if (!byProvider.has(service.userId)) byProvider.set(service.userId, service);
  const shuffled = [...byProvider.values()];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, max);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Random positions for `count` cards of one size inside an area, none overlapping: the area is cut into as few
 * equal cells as hold `count` cards, the cards take random distinct cells, and each sits at a random spot inside
 * its cell. Fewer positions come back only when the area cannot hold `count` cards at all.
 */
export function placeCards(
  count: number,
  area: { width: number; height: number },
  card: { width: number; height: number },
  random: () => number,
): Box[] {
  const columns = Math.floor(area.width / card.width);
  const rows = Math.min(Math.floor(area.height / card.height), Math.ceil(count / Math.max(1, columns)));
  if (columns < 1 || rows < 1) return [];
  const cell = { width: area.width / columns, height: area.height / rows };
  const cells = Array.from({ length: columns * rows }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return cells.slice(0, count).map((index) => ({
    x: (index % columns) * cell.width + random() * (cell.width - card.width),
    y: Math.floor(index / columns) * cell.height + random() * (cell.height - card.height),
    ...card,
  }));
}
