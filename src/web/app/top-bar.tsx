import { LogIn, Menu, Moon, Sun, X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../ui/button';
import { UserAvatar } from '../ui/user-avatar';
import { LazyTooltip } from './lazy-tooltip';
import { useTheme } from './theme';
import { useHydrated } from '../lib/use-hydrated';
import type { CurrentAccount } from './types';

/** Signed in only, so loaded after the first paint: the popover and its feature stay out of `/`'s first scripts. */
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/notification-bell')).NotificationBell,
}));

/** Navigation state that marks "came via the brand button", so admins may stay on the landing page. */
export const VIA_BRAND = { viaBrand: true } as const;

export function TopBar({
  account,
  menuOpen,
  onToggleMenu,
}: {
  /** undefined while the session is loading (a server-rendered page): neither visitor nor account buttons yet. */
  account: CurrentAccount | null | undefined;
  menuOpen: boolean;
  onToggleMenu(): void;
}) {
  const navigate = useNavigate();
  const { resolved, setTheme } = useTheme();
  const hydrated = useHydrated();
  const nextTheme = resolved === 'dark' ? 'light' : 'dark';

  return (
    <header className="sticky top-0 z-50 border-b bg-background/95 backdrop-blur">
      {account?.isAdmin && (
        <div
          className="bg-[#dc2626] py-1 text-center text-xs font-bold tracking-widest text-white"
          data-testid="admin-banner"
        >
          ADMIN MODE
        </div>
      )}
      <div className="mx-auto flex h-16 items-center justify-between gap-3 px-4">
        <button
          type="button"
          onClick={() => navigate('/', { state: VIA_BRAND })}
          className="flex items-center gap-2 rounded-md text-lg font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="SkillNest home"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>SkillNest</span>
        </button>
        <div className="flex items-center gap-2">
          <LazyTooltip content={nextTheme === 'dark' ? 'Dark Mode' : 'Light Mode'} side="bottom">
            {hydrated ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={nextTheme === 'dark' ? 'Switch to Dark Mode' : 'Switch to Light Mode'}
                data-press="theme"
                onClick={() => setTheme(nextTheme)}
              >
                {resolved === 'dark' ? (
                  <Sun className="h-5 w-5" aria-hidden />
                ) : (
                  <Moon className="h-5 w-5" aria-hidden />
                )}
              </Button>
            ) : (
              <ThemeButtonBeforeHydration
                onToggle={() => setTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark')}
              />
            )}
          </LazyTooltip>
          {account === undefined ? (
            // The width of Log In and Sign Up, so the bar does not shift when they arrive.
            <span aria-hidden className="block h-10 w-[8.5rem]" />
          ) : account ? (
            <>
              <Suspense fallback={<span aria-hidden className="block h-10 w-10" />}>
                <NotificationBell key={account.id} userId={account.id} />
              </Suspense>
              <UserAvatar
                userId={account.id}
                firstName={account.firstName}
                lastName={account.lastName}
                avatarUrl={account.avatarUrl}
                isAdmin={account.isAdmin}
                size="sm"
                showPresence
              />
              <LazyTooltip content="Menu" side="bottom">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Menu"
                  aria-expanded={menuOpen}
                  aria-controls="side-menu"
                  onClick={onToggleMenu}
                >
                  {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
                </Button>
              </LazyTooltip>
            </>
          ) : (
            <>
              <LazyTooltip content="Log In" side="bottom">
                <Button variant="ghost" size="icon" asChild>
                  <Link to="/auth?mode=login" aria-label="Log In">
                    <LogIn className="h-5 w-5" aria-hidden />
                  </Link>
                </Button>
              </LazyTooltip>
              <Button asChild>
                <Link to="/auth?mode=signup">Sign Up</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The theme button as the server renders it, and as the browser hydrates it: the saved theme is known only in the
 * browser, so the icon and the name follow the `dark` class that /theme-init.js sets before the first paint (a hidden
 * element names nothing). The button proper replaces it right after hydration. A press held before the app ran is
 * given to this one as it hydrates, so it switches too, from the theme on screen.
 */
function ThemeButtonBeforeHydration({ onToggle }: { onToggle(): void }) {
  return (
    <Button variant="ghost" size="icon" onClick={onToggle} data-press="theme">
      <Moon className="h-5 w-5 dark:hidden" aria-hidden />
      <Sun className="hidden h-5 w-5 dark:block" aria-hidden />
      <span className="sr-only dark:hidden">Switch to Dark Mode</span>
      <span className="sr-only hidden dark:inline">Switch to Light Mode</span>
    </Button>
  );
}
