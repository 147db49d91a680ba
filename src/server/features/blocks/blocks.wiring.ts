import type { FeatureWiring } from '../../events/feature-wiring';
import { blocksLiveListeners } from './publish-live';

/** Blocking publishes to the blocker's own tabs; nothing reacts durably (the blocked member is never told). */
export const blocksWiring = { liveListeners: blocksLiveListeners } satisfies FeatureWiring;
