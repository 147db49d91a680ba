import type { CatalogueEvent } from '../../contracts/channels';
import { defineChannel } from '../../realtime/channels';

/** The public catalogue's live channel (the listings subscribe to it). */
export const servicesChannels = {
  /** Services, requests, or the owner names and pictures on their cards changed: the public listings refresh. */
  catalogue: defineChannel<CatalogueEvent>('catalogue'),
} as const;
