import type { ComponentProps, ReactNode } from 'react';
import { displayName, type NameParts } from '../../domain/user-summary';
import { cn } from '../lib/cn';
import { UserAvatar } from './user-avatar';

export interface UserRowProps extends Omit<ComponentProps<'li'>, 'children'> {
  user: NameParts & { userId: string; avatarUrl: string | null };
  /** Shows the presence dot on the avatar. */
  showPresence?: boolean;
  /** Beside the name: "(you)", a crown. */
  nameExtras?: ReactNode;
  /** Under the name: role badges, a bio, when they were banned. */
  details?: ReactNode;
  /** At the row's end: a button, a menu, a label. */
  action?: ReactNode;
}

/**
 * One person in a list (the members panel, the invite dialog's results, the Banned section): a small avatar linking
 * to their profile, the name cut to one line, what is said about them below it, and an action at the end.
 */
export function UserRow({ user, showPresence = false, nameExtras, details, action, className, ...li }: UserRowProps) {
  return (
    <li className={cn('flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-muted', className)} {...li}>
      <UserAvatar
        userId={user.userId}
        firstName={user.firstName}
        lastName={user.lastName}
        avatarUrl={user.avatarUrl}
        size="sm"
        showPresence={showPresence}
      />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1 truncate text-sm font-medium">
          <span className="truncate">{displayName(user)}</span>
          {nameExtras}
        </p>
        {details}
      </div>
      {action}
    </li>
  );
}
