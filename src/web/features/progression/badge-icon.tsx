import {
  Award,
  Briefcase,
  Building2,
  Camera,
  CircleCheck,
  CircleDollarSign,
  Crown,
  DoorOpen,
  Flame,
  Gem,
  HandHeart,
  HandHelping,
  Handshake,
  Heart,
  Images,
  Medal,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  PenLine,
  Rocket,
  Shapes,
  Sparkles,
  Star,
  Store,
  Target,
  ThumbsUp,
  TrendingUp,
  Trophy,
  UserCheck,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import type { BadgeIcon as BadgeIconName, BadgeRarity } from '../../../domain/progression/badges';
import { cn } from '../../lib/cn';

/** Named imports only (the bundle carries these icons, not lucide's whole set); the compiler checks every name. */
const ICONS: Record<BadgeIconName, LucideIcon> = {
  Rocket,
  CircleCheck,
  MessageCircle,
  MessagesSquare,
  Megaphone,
  DoorOpen,
  Flame,
  Briefcase,
  Store,
  Building2,
  Handshake,
  Medal,
  Trophy,
  Zap,
  Target,
  CircleDollarSign,
  Shapes,
  ThumbsUp,
  Heart,
  Star,
  Sparkles,
  Award,
  HandHelping,
  HandHeart,
  PenLine,
  UserCheck,
  Camera,
  Images,
  Gem,
  TrendingUp,
  Crown,
};

/** The icon for a badge's icon name; a name this build does not know (a newer server) gets the award ribbon. */
export function badgeIconFor(name: string): LucideIcon {
  return Object.hasOwn(ICONS, name) ? ICONS[name as BadgeIconName] : Award;
}

/** Each rarity's colour, readable on light and dark cards; icons only (text keeps the theme's colours). */
export const RARITY_ICON_CLASS: Record<BadgeRarity, string> = {
  common: 'text-slate-500 dark:text-slate-300 bg-slate-100 dark:bg-slate-800',
  uncommon: 'text-green-700 dark:text-green-400 bg-green-100 dark:bg-green-950',
  rare: 'text-blue-700 dark:text-blue-400 bg-blue-100 dark:bg-blue-950',
  epic: 'text-purple-700 dark:text-purple-400 bg-purple-100 dark:bg-purple-950',
  legendary: 'text-amber-600 dark:text-amber-400 bg-amber-100 dark:bg-amber-950',
};

/** A badge's icon in its rarity's colours; a locked badge's is grey. */
export function BadgeIcon({
  icon,
  rarity,
  locked = false,
  className,
}: {
  icon: string;
  rarity: BadgeRarity;
  locked?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
        locked ? 'bg-muted text-muted-foreground grayscale' : RARITY_ICON_CLASS[rarity],
        className,
      )}
    >
      {createElement(badgeIconFor(icon), { className: 'h-5 w-5' })}
    </span>
  );
}
