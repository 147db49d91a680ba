import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { AVATAR_SIZES, type AvatarSize } from '../../domain/shell';
import { displayName, initials, profilePath, type NameParts } from '../../domain/user-summary';
import { cn } from '../lib/cn';
import { useTRPC } from '../lib/trpc';

export interface UserAvatarProps extends NameParts {
  userId: string | null | undefined;
  avatarUrl?: string | null;
  size?: AvatarSize;
  className?: string;
}

/**
 * A user's picture or initials, with a gold badge when the server reports the user is an admin. Clicking goes
 * to their profile unless the id is empty, "undefined" or "null".
 */
export function UserAvatar({ userId, firstName, lastName, avatarUrl, size = 'md', className }: UserAvatarProps) {
  const trpc = useTRPC();
  const href = profilePath(userId);
  const admin = useQuery({
    ...trpc.accounts.isAdmin.queryOptions({ userId: userId ?? '' }),
    enabled: href !== null,
    staleTime: 5 * 60_000,
  });
  const px = AVATAR_SIZES[size];
  const name = displayName({ firstName, lastName });
  const face = (
    <span
      className={cn('relative inline-flex shrink-0', className)}
      style={{ width: px, height: px }}
      data-testid="user-avatar"
    >
      {avatarUrl ? (
        <img src={avatarUrl} alt={name} width={px} height={px} className="h-full w-full rounded-full object-cover" />
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
      {admin.data && (
        <span
          title="Admin"
          aria-label="Admin"
          className="absolute -right-1 -bottom-1 flex items-center justify-center rounded-full bg-amber-400 text-amber-950 ring-2 ring-background"
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
