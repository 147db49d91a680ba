import { Crown } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { avatarVariantUrl } from '../../domain/files';
import { AVATAR_SIZES, type AvatarSize } from '../../domain/shell';
import { displayName, initials, profilePath, type NameParts } from '../../domain/user-summary';
import { cn } from '../lib/cn';

/** Draws a user's presence dot on an avatar (returns an element of the feature's own component). */
export type PresenceIndicator = (dot: { userId: string; className: string; size: number }) => ReactNode;

/**
 * The presence dot is a feature (live data, the signed-in viewer): the app provides it here, so this generic
 * component imports no feature. Without a provider avatars show no dot.
 */
const PresenceIndicatorContext = createContext<PresenceIndicator | null>(null);
export const PresenceIndicatorProvider = PresenceIndicatorContext.Provider;

export interface UserAvatarProps extends NameParts {
  userId: string | null | undefined;
  avatarUrl?: string | null;
  /** From the server's user summary (`isAdmin`, `ownerIsAdmin`, ...): shows the gold admin badge. */
  isAdmin?: boolean | null;
  size?: AvatarSize;
  className?: string;
  /** Shows the user's presence dot (online, away, busy, offline). */
  showPresence?: boolean;
}

/**
 * A user's picture or initials, with a gold badge when the user is an admin. Clicking goes to their profile unless
 * the id is empty, "undefined" or "null".
 */
export function UserAvatar({
  userId,
  firstName,
  lastName,
  avatarUrl,
  isAdmin = false,
  size = 'md',
  className,
  showPresence = false,
}: UserAvatarProps) {
  const presenceDot = useContext(PresenceIndicatorContext);
  const href = profilePath(userId);
  const px = AVATAR_SIZES[size];
  const name = displayName({ firstName, lastName });
  const face = (
    <span
      className={cn('relative inline-flex shrink-0', className)}
      style={{ width: px, height: px }}
      data-testid="user-avatar"
    >
      {avatarUrl ? (
        <img
          src={avatarVariantUrl(avatarUrl, px)}
          alt={name}
          width={px}
          height={px}
          className="h-full w-full rounded-full object-cover"
        />
      ) : (
        <span
          aria-label={name}
          role="img"
          className="flex h-full w-full items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          style={{ fontSize: Math.round(px * 0.38) }}
        >
          {initials({ firstName, lastName })}
        </span>
      )}
      {showPresence &&
        href &&
        presenceDot?.({
          userId: userId!,
          className: 'absolute right-0 bottom-0',
          size: Math.max(8, Math.round(px * 0.25)),
        })}
      {isAdmin && href && (
        <span
          title="Admin"
          aria-label="Admin"
          className="absolute -top-1 -right-1 flex items-center justify-center rounded-full bg-amber-400 text-amber-950 ring-2 ring-background"
          style={{ width: Math.max(14, px * 0.4), height: Math.max(14, px * 0.4) }}
        >
          <Crown className="h-2/3 w-2/3" aria-hidden />
        </span>
      )}
    </span>
  );
  if (!href) return face;
  return (
    <Link
      to={href}
      className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${name}'s profile`}
    >
      {face}
    </Link>
  );
}
