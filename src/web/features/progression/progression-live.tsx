import { useDailyCheckIn, useProgressionEvents } from './api';
import { CelebrationOverlay } from './celebration-overlay';

/**
 * Progression's part of the signed-in shell, mounted once: the daily login of this page load, the user's live
 * awards, and the celebration overlay they feed.
 */
export function ProgressionLive({ userId }: { userId: string }) {
  useDailyCheckIn(userId);
  useProgressionEvents(userId);
  return <CelebrationOverlay />;
}
