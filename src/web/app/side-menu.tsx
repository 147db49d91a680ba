import {
  Briefcase,
  LayoutDashboard,
  LogOut,
  MessageCircle,
  MessageSquareText,
  Settings,
  ShieldCheck,
  Trophy,
  User,
  Users,
  Vote,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '../../domain/shell';
import { cn } from '../lib/cn';
import { Tooltip } from '../ui/tooltip';
import type { CurrentAccount } from './types';
import { useSignOut } from '../features/accounts/api';
import { useUnreadTotal } from '../features/conversations/api';

interface MenuEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Who sees it: everyone signed in, only admins, or only non-admins. */
  audience: 'all' | 'admin' | 'member';
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: '/my-profile', label: 'My Profile', icon: User, audience: 'all' },
  { to: '/feedback', label: 'Feedback', icon: MessageSquareText, audience: 'member' },
  { to: '/polls', label: 'Polls', icon: Vote, audience: 'member' },
  { to: '/admin-dashboard', label: 'Admin Dashboard', icon: LayoutDashboard, audience: 'admin' },
  { to: '/conversations', label: 'Messages', icon: MessageCircle, audience: 'all' },
  { to: '/chat-rooms', label: 'Chat Rooms', icon: Users, audience: 'all' },
  { to: '/my-services', label: 'My Services and Requests', icon: Briefcase, audience: 'all' },
  { to: '/progress', label: 'Progress & Quests', icon: Trophy, audience: 'all' },
  { to: '/settings', label: 'Settings', icon: Settings, audience: 'all' },
];

export function menuEntriesFor(isAdmin: boolean): MenuEntry[] {
  return MENU_ENTRIES.filter((e) => e.audience === 'all' || (e.audience === 'admin') === isAdmin);
}

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const itemClass =
  'relative flex h-12 w-12 items-center justify-center rounded-xl text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The signed-in user's slide-in menu on the right: icons with tooltips. */
export function SideMenu({
  account,
  open,
  narrow,
  onClose,
}: {
  account: CurrentAccount;
  open: boolean;
  narrow: boolean;
  onClose(): void;
}) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadTotal(true);
  const closeIfNarrow = () => narrow && onClose();

  // On narrow screens the menu covers the page: Escape closes it, as a tap outside does.
  useEffect(() => {
    if (!open || !narrow) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, narrow, onClose]);

  return (
    <>
      {open && narrow && (
        <div
          aria-hidden
          className="fixed inset-0 z-30 bg-black/30"
          data-testid="side-menu-backdrop"
          onClick={onClose}
        />
      )}
      <nav
        id="side-menu"
        aria-label="Side menu"
        inert={!open}
        className={cn(
          'fixed top-0 right-0 bottom-0 z-40 flex flex-col items-center gap-2 border-l bg-background pb-4 shadow-lg transition-[translate,visibility] duration-200',
          open ? 'visible translate-x-0' : 'invisible translate-x-full',
        )}
        // Starts below the top bar, which is taller by the ADMIN MODE banner for admins.
        style={{ width: SIDEBAR_WIDTH_PX, paddingTop: account.isAdmin ? 104 : 80 }}
      >
        <ul className="flex flex-1 flex-col items-center gap-2">
          {menuEntriesFor(account.isAdmin).map((entry) => (
            <li key={entry.to}>
              <Tooltip content={entry.label}>
                <Link
                  to={entry.to}
                  aria-label={
                    entry.to === '/conversations' && unread > 0 ? `${entry.label} (${unread} unread)` : entry.label
                  }
                  aria-current={isCurrent(pathname, entry.to) ? 'page' : undefined}
                  onClick={closeIfNarrow}
                  className={cn(itemClass, isCurrent(pathname, entry.to) && 'bg-accent text-primary')}
                >
                  <entry.icon className="h-5 w-5" aria-hidden />
                  {entry.to === '/conversations' && unread > 0 && (
                    <span
                      aria-hidden
                      data-testid="menu-unread"
                      className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-white"
                    >
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                  {entry.to === '/my-profile' && account.isAdmin && (
                    <ShieldCheck
                      className="absolute top-1 right-1 h-3.5 w-3.5 text-amber-500"
                      aria-label="Admin"
                      data-testid="admin-mark"
                    />
                  )}
                </Link>
              </Tooltip>
            </li>
          ))}
        </ul>
        <Tooltip content="Sign Out">
          <button
            type="button"
            aria-label="Sign Out"
            className={itemClass}
            onClick={async () => {
              if (await signOut()) {
                closeIfNarrow();
                navigate('/');
              }
            }}
          >
            <LogOut className="h-5 w-5" aria-hidden />
          </button>
        </Tooltip>
      </nav>
    </>
  );
}
