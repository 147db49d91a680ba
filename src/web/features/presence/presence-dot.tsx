import { PRESENCE_LABELS, type PresenceStatus } from '../../../domain/presence';
import { cn } from '../../lib/cn';
import { usePresenceStatus } from './api';

const COLORS: Record<PresenceStatus, string> = {
  online: 'bg-green-500',
  away: 'bg-amber-400',
  busy: 'bg-red-500',
  offline: 'bg-gray-400',
};

/** The user's presence as a small dot, with its name for screen readers and on hover. */
export function PresenceDot({ userId, className, size = 10 }: { userId: string; className?: string; size?: number }) {
  const status = usePresenceStatus(userId);
  if (!status) return null;
  return (
    <span
      role="img"
      aria-label={PRESENCE_LABELS[status]}
      title={PRESENCE_LABELS[status]}
      data-status={status}
      data-testid="presence-dot"
      className={cn('block rounded-full ring-2 ring-background', COLORS[status], className)}
      style={{ width: size, height: size }}
    />
  );
}
