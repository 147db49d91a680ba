import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '../../domain/shell';
import { useSession } from '../features/accounts/api';
import { DocumentTitle } from './document-title';
import { Footer } from './footer';
import { HydrateLater } from '../lib/hydrate-later';
import { useRouteHandle } from './route-handle';
import { ScrollManager } from './scroll-manager';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';
import { Button } from '../ui/button';

const SignedInShell = lazy(async () => ({ default: (await import('./signed-in-shell')).SignedInShell }));

/**
 * The shell around every page. A public page shows at once and the top bar's account buttons fill in when the
 * session is known (one round trip less before the first paint on a slow network); every other page waits for the
 * session, as its guards and buttons depend on it.
 */
export function AppLayout() {
  const { account, isLoading, isError, refetch } = useSession();
  const sidebar = useSidebar();
  const { beforeSession, hideFooter } = useRouteHandle();

  if (isLoading && !beforeSession) {
    return (
      <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3">
        <div className="h-8 w-8 animate-spin rounded-full border-4 border-primary border-t-transparent" aria-hidden />
        <p className="text-muted-foreground">Loading your session</p>
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3">
        <p>We could not reach the server.</p>
        <Button onClick={() => refetch()}>Try Again</Button>
      </div>
    );
  }

  const menuOpen = Boolean(account) && sidebar.open;
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager />
      <SkipToContent />
      <TopBar account={account} menuOpen={menuOpen} onToggleMenu={() => sidebar.setOpen(!sidebar.open)} />
      {account && (
        <Suspense fallback={null}>
          <SignedInShell
            account={account}
            menuOpen={menuOpen}
            narrow={sidebar.narrow}
            onCloseMenu={() => sidebar.setOpen(false)}
          />
        </Suspense>
      )}
      <div
        className="flex flex-1 flex-col transition-[padding] duration-200"
        style={{ paddingRight: menuOpen && !sidebar.narrow ? SIDEBAR_WIDTH_PX : 0 }}
      >
        <main id="main" className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <DocumentTitle />
        {/* Below the fold on every page: it comes alive after the page's first pass (lib/hydrate-later.tsx). */}
        {!hideFooter && (
          <HydrateLater>
            <Footer />
          </HydrateLater>
        )}
      </div>
    </div>
  );
}

/**
 * The first stop of the keyboard on every page, shown when focused: past the top bar (and the menu) straight to the
 * page's own content, instead of tabbing through them each time (27 presses to the first card of a listing).
 */
function SkipToContent() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main');
        if (!main) return;
        // Focusable only for this jump: a page's main region that kept focus after every click on its text would
        // be "something focused" to the keys that act when nothing is (Enter closing a celebration).
        main.tabIndex = -1;
        main.focus();
        main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
      }}
      className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      Skip to main content
    </a>
  );
}
