import type { FeatureWiring } from '../../events/feature-wiring';
import { adminUsersLiveListeners } from './admin-users-live';

/** Account changes reach the admins' pages live; the audit rows are written in the use cases' transactions. */
export const adminUsersWiring = {
  liveListeners: adminUsersLiveListeners,
} satisfies FeatureWiring;
