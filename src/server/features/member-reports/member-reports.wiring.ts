import type { FeatureWiring } from '../../events/feature-wiring';
import { memberReportsLiveListeners } from './member-reports-live';

/** Reports reach the admins' queue live; the warning's notification is the notifications feature's handler. */
export const memberReportsWiring = {
  liveListeners: memberReportsLiveListeners,
} satisfies FeatureWiring;
