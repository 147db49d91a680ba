import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  UPLOADS_BUSY_MESSAGE,
  UPLOADS_IN_FLIGHT,
  UPLOADS_IN_FLIGHT_PER_USER,
  UPLOADS_IN_FLIGHT_PER_USER_MESSAGE,
  UPLOADS_PER_USER,
  UPLOADS_RATE_LIMITED_MESSAGE,
} from '../../domain/files';
import { AppError } from '../errors';

export interface UploadSlots {
  /**
   * Takes a slot for `userId` before the upload's body is read, or refuses at once: the user already has their
   * uploads in flight or used up their window (429), or the server has all its slots taken (503). The returned
   * function gives the slot back; call it exactly once, when the upload is stored or refused.
   */
  take(userId: string): Promise<() => void>;
}

/**
 * Bounds what uploads can hold: bodies are read whole into memory, so a slot is taken before reading and kept until
 * the image is stored. The per-user map only holds users with an upload in flight (at most UPLOADS_IN_FLIGHT).
 */
export function createUploadSlots(
  limits: { total: number; perUser: number } = { total: UPLOADS_IN_FLIGHT, perUser: UPLOADS_IN_FLIGHT_PER_USER },
): UploadSlots {
  let total = 0;
  const byUser = new Map<string, number>();
  const uploadsPerUser = new RateLimiterMemory({
    keyPrefix: 'uploads',
    points: UPLOADS_PER_USER.points,
    duration: UPLOADS_PER_USER.windowSeconds,
  });

  function release(userId: string) {
    total -= 1;
    const left = (byUser.get(userId) ?? 1) - 1;
    if (left > 0) byUser.set(userId, left);
    else byUser.delete(userId);
  }

  return {
    async take(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) {
        throw new AppError('RATE_LIMITED', UPLOADS_IN_FLIGHT_PER_USER_MESSAGE);
      }
      if (total >= limits.total) throw new AppError('BUSY', UPLOADS_BUSY_MESSAGE);
      // Taken synchronously, before the limiter's await, so parallel requests cannot all pass the checks above.
      total += 1;
      byUser.set(userId, mine + 1);
      try {
        // Only uploads that get a slot count against the window: a refused "busy" costs the user nothing.
        await uploadsPerUser.consume(userId);
      } catch (error) {
        release(userId);
        if (error instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', UPLOADS_RATE_LIMITED_MESSAGE);
        throw error;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release(userId);
      };
    },
  };
}
