import { Outlet } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '../../domain/shell';
import { useSession, useSessionEvents } from '../features/accounts/api';
import { usePresenceEvents, usePresenceHeartbeat } from '../features/presence/api';
import { useOwnProfileEvents } from '../features/profiles/api';
import { ProgressionLive } from '../features/progression/progression-live';
import { DocumentTitle } from './document-title';
import { Footer } from './footer';
import { ScrollManager } from './scroll-manager';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';
import { Button } from '../ui/button';

/** The shell around every page; nothing renders until the session is known. */
export function AppLayout() {
  const { account, isLoading, isError, refetch } = useSession();
  const sidebar = useSidebar();
  useSessionEvents(Boolean(account));
  useOwnProfileEvents(Boolean(account));
  usePresenceHeartbeat(account?.id ?? null);
  usePresenceEvents();

  if (isLoading) {
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
      <TopBar account={account ?? null} menuOpen={menuOpen} onToggleMenu={() => sidebar.setOpen(!sidebar.open)} />
      {account && (
        <SideMenu account={account} open={menuOpen} narrow={sidebar.narrow} onClose={() => sidebar.setOpen(false)} />
      )}
      {/* Keyed by user: another user signing in in this tab gets their own check-in, channel and queue. */}
      {account && <ProgressionLive key={account.id} userId={account.id} />}
      <div
        className="flex flex-1 flex-col transition-[padding] duration-200"
        style={{ paddingRight: menuOpen && !sidebar.narrow ? SIDEBAR_WIDTH_PX : 0 }}
      >
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <DocumentTitle />
        <Footer />
      </div>
    </div>
  );
}
